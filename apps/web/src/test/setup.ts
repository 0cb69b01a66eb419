import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { setBusinessTz } from '../lib/business-time';

// What GET /api/config answers by default; main.tsx loads it before rendering.
setBusinessTz('America/Mexico_City');

afterEach(() => cleanup());
