import { defineConfig } from 'vitest/config';

const hasPg = Boolean(process.env.TEST_DATABASE_URL);
const hasRedis = Boolean(process.env.TEST_REDIS_URL);
/**
 * Suites that need a service run only where it exists, so no test is ever reported as skipped:
 * *.pg.test.ts only in the server-postgres project, *.redis.test.ts only when TEST_REDIS_URL is set.
 */
const needsRedis = hasRedis ? [] : ['test/**/*.redis.test.ts'];

export default defineConfig({
  test: {
    // Two cores here and in CI: two test files at a time across all projects.
    maxWorkers: 2,
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
      {
        test: {
          name: 'server',
          root: './apps/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          exclude: ['**/node_modules/**', 'test/**/*.pg.test.ts', ...needsRedis],
          environment: 'node',
          globalSetup: ['./test/global-setup.ts'],
          env: { TEST_DB: 'pglite', TZ: 'UTC' },
          testTimeout: 30_000,
          // The demo seed's beforeAll ran past 60 s at load 25: a hook's limit catches a hang, not a busy machine.
          hookTimeout: 300_000,
        },
      },
      ...(hasPg
        ? [
            {
              test: {
                name: 'server-postgres',
                root: './apps/server',
                include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
                exclude: ['**/node_modules/**', ...needsRedis],
                environment: 'node',
                globalSetup: ['./test/global-setup.ts'],
                env: { TEST_DB: 'postgres', TZ: 'UTC' },
                testTimeout: 30_000,
                // The demo seed's beforeAll ran past 60 s at load 25: a hook's limit catches a hang, not a busy machine.
                hookTimeout: 300_000,
              },
            },
          ]
        : []),
      './apps/web/vite.config.ts',
    ],
  },
});
