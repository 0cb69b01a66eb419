import { defineConfig } from 'vitest/config';

const hasPg = Boolean(process.env.TEST_DATABASE_URL);
const hasRedis = Boolean(process.env.TEST_REDIS_URL);
/**
 * Suites that need a service run only where it exists, so no test is ever reported as skipped:
 * *.pg.test.ts only in the server-postgres project, *.redis.test.ts only when TEST_REDIS_URL is set.
 */
const needsRedis = hasRedis ? [] : ['test/**/*.redis.test.ts'];

/** The server's tests on one database: PGlite (every file but *.pg.test.ts) or PostgreSQL (all of them). */
function serverProject(name: string, db: 'pglite' | 'postgres', exclude: string[]) {
  return {
    test: {
      name,
      root: './apps/server',
      include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
      exclude: ['**/node_modules/**', ...exclude, ...needsRedis],
      environment: 'node',
      // One module graph per worker, not per file (the PGlite project: 136 s against 241 s, imports 11 s against
      // 99 s). Safe here: no server test mocks a module or stubs a global (an ESLint rule refuses it), every spy is
      // restored in its test, and each file opens its own database and app (docs/architecture.md, "Tests").
      isolate: false,
      globalSetup: ['./test/global-setup.ts'],
      env: { TEST_DB: db, TZ: 'UTC' },
      testTimeout: 30_000,
      // The demo seed's beforeAll ran past 60 s at load 25: a hook's limit catches a hang, not a busy machine.
      hookTimeout: 300_000,
    },
  };
}

export default defineConfig({
  test: {
    // Two cores here and in CI: two test files at a time across all projects.
    maxWorkers: 2,
    // Worker threads start faster than child processes (domain and server; the web project sets vmThreads).
    pool: 'threads',
    projects: [
      {
        test: {
          name: 'domain',
          root: './packages/domain',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          env: { TZ: 'UTC' },
          // A timeout catches a hang, not a slow machine: the year-table tests run a few seconds on a busy one.
          testTimeout: 30_000,
        },
      },
      serverProject('server', 'pglite', ['test/**/*.pg.test.ts']),
      ...(hasPg ? [serverProject('server-postgres', 'postgres', [])] : []),
      './apps/web/vite.config.ts',
    ],
  },
});
