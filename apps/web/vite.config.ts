import { defineConfig } from 'vitest/config';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';

const apiTarget = process.env.VITE_API_TARGET ?? 'http://localhost:3000';

/** In development, /portal and /portal/* get the portal's page (the server does the same with the build). */
const portalPages: Plugin = {
  name: 'airlink-portal-pages',
  configureServer(server) {
    server.middlewares.use((req, _res, next) => {
      if (req.url && /^\/portal(\/|\?|$)/i.test(req.url)) req.url = '/portal.html';
      next();
    });
  },
};

export default defineConfig({
  plugins: [react(), portalPages],
  server: {
    port: 5173,
    proxy: {
      '/api': apiTarget,
      '/notificationHub': { target: apiTarget, ws: true },
    },
  },
  // The manifest lets scripts/check-bundle-size.mjs follow what the first screen loads. Two pages: the staff app
  // (index.html) and the customers' portal (portal.html, served at /portal; docs/architecture.md "The customers' portal").
  build: {
    outDir: 'dist',
    rolldownOptions: {
      input: {
        main: path.join(import.meta.dirname, 'index.html'),
        portal: path.join(import.meta.dirname, 'portal.html'),
      },
    },
    sourcemap: true,
    manifest: true,
    chunkSizeWarningLimit: 2000,
  },
  test: {
    name: 'web',
    root: import.meta.dirname,
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    // Each file still gets its own module graph (a VM context), but the worker and its compiled code are reused:
    // 177 s against 337 s for the whole project in child processes, half the CPU (docs/performance.md).
    pool: 'vmThreads',
    setupFiles: ['./src/test/setup.ts'],
    env: { TZ: 'UTC' },
    // jsdom renders of MUI pages take seconds on a busy 2-core machine (a page test ran 38 s at load 26);
    // correctness, not speed, is tested here: the limit catches a hang, not a busy machine.
    testTimeout: 120_000,
    // The same for hooks: a page test's beforeAll that imports the page (and MUI, the data grid) ran past vitest's
    // default 10 s at load 13, and the file's 21 tests were skipped.
    hookTimeout: 120_000,
  },
});
