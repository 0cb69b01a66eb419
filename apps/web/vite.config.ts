import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

const apiTarget = process.env.VITE_API_TARGET ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: {
      '/api': apiTarget,
      '/notificationHub': { target: apiTarget, ws: true },
    },
  },
  // The manifest lets scripts/check-bundle-size.mjs follow what the first screen loads.
  build: {
    outDir: 'dist',
    sourcemap: true,
    manifest: true,
    chunkSizeWarningLimit: 2000,
  },
  test: {
    name: 'web',
    root: import.meta.dirname,
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    env: { TZ: 'UTC' },
    // jsdom renders of MUI pages take seconds on a busy 2-core machine; correctness, not speed, is tested here.
    testTimeout: 30_000,
  },
});
