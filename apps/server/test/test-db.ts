import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../src/db/client';

/** Which database this test run uses: the vitest project sets TEST_DB. */
export const testDbKind = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

function adminUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is required for the PostgreSQL test project');
  return url;
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** A new, empty PostgreSQL database on TEST_DATABASE_URL's server (not migrated); `drop` removes it. */
export async function createEmptyPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `airlink_t_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  return {
    url: withDatabase(adminUrl(), name),
    drop: () => dropDatabase(name),
  };
}

async function dropDatabase(name: string): Promise<void> {
  const c = new pg.Client({ connectionString: adminUrl() });
  await c.connect();
  // pool.end() resolves before the server has seen every Terminate: a backend still open when FORCE
  // terminates it sends a FATAL to a client nobody listens to any more (an unhandled error in the run).
  for (let i = 0; i < 50; i++) {
    const { rows } = await c.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1',
      [name],
    );
    if (rows[0]?.n === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await c.end();
}

/**
 * A fresh, migrated database for one test file: a copy of the PGlite template, or a new PostgreSQL
 * database made on TEST_DATABASE_URL's server and dropped on close.
 */
export async function createTestDatabase(): Promise<Database & { url?: string }> {
  if (testDbKind === 'pglite') {
    const blob = new Blob([readFileSync(inject('pgliteTemplate'))]);
    return openDatabase({ loadDataDir: blob, migrate: false });
  }
  const { url, drop } = await createEmptyPostgresDatabase();
  const database = await openDatabase({ databaseUrl: url });
  return {
    ...database,
    url,
    async close() {
      await database.close();
      await drop();
    },
  };
}
