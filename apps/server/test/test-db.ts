import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../src/db/client';
import { adminQuery, settleDatabase, withDatabase } from './pg-admin';

/** Which database this test run uses: the vitest project sets TEST_DB. */
export const testDbKind = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

function adminUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is required for the PostgreSQL test project');
  return url;
}

/** A new, empty PostgreSQL database on TEST_DATABASE_URL's server (not migrated); `drop` removes it. */
export async function createEmptyPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `airlink_t_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  await adminQuery(adminUrl(), `CREATE DATABASE ${name}`);
  return { url: withDatabase(adminUrl(), name), drop: () => settleDatabase(adminUrl(), name) };
}

/**
 * A fresh, migrated database for one test file: a copy of the PGlite template, or a new PostgreSQL
 * database copied from the run's migrated template (test/global-setup.ts) and dropped on close.
 */
export async function createTestDatabase(): Promise<Database & { url?: string }> {
  if (testDbKind === 'pglite') {
    const blob = new Blob([readFileSync(inject('pgliteTemplate'))]);
    return openDatabase({ loadDataDir: blob, migrate: false });
  }
  const name = `airlink_t_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  await adminQuery(adminUrl(), `CREATE DATABASE ${name} TEMPLATE ${inject('postgresTemplate')}`);
  const url = withDatabase(adminUrl(), name);
  const database = await openDatabase({ databaseUrl: url, migrate: false });
  return {
    ...database,
    url,
    async close() {
      await database.close();
      await settleDatabase(adminUrl(), name);
    },
  };
}
