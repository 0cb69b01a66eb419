import { config, locales, z } from 'zod';

// Every zod message that a schema does not spell out itself comes in Spanish, on the server and in the web. The
// setting lives beside the `z` every schema of the domain (and of the web) is written with, so it is made wherever
// zod is used and nowhere else: the web's first screen, which checks nothing with zod, does not load zod at all
// (docs/performance.md): a module the first screen imports for its rules keeps its schemas in a sibling
// `*-schema(s).ts` file, since a module that imports this one brings zod with it.
config(locales.es());

export { z };
