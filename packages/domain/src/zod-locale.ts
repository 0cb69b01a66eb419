import { z } from 'zod';

// Every zod message that a schema does not spell out itself comes in Spanish, on the server and in the web.
z.config(z.locales.es());
