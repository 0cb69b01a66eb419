import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { migrationsFolder } from '../lib/paths';
import * as schema from './schema';

export type Schema = typeof schema;
/** The one database type the repositories use, whichever driver is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type DbKind = 'pglite' | 'postgres';

export interface Database {
  db: Db;
  kind: DbKind;
  close(): Promise<void>;
}

export { migrationsFolder };

export interface OpenOptions {
  databaseUrl?: string;
  /** Folder of the embedded database; omitted means in memory. */
  dataDir?: string;
  /** A PGlite data-dir dump to start from (tests use a migrated template). */
  loadDataDir?: Blob | File;
  migrate?: boolean;
}

/** Opens PostgreSQL when a URL is given, the embedded PGlite otherwise, and applies migrations. */
export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    // Money and dates: numeric stays a string for drizzle to map; timestamps come back as Date.
    const db = drizzlePg(pool, { schema, casing: 'snake_case' }) as unknown as Db;
    if (opts.migrate !== false) await migratePg(drizzlePg(pool), { migrationsFolder });
    return { db, kind: 'postgres', close: () => pool.end() };
  }
  if (opts.dataDir) mkdirSync(opts.dataDir, { recursive: true });
  const client = await PGlite.create({
    dataDir: opts.dataDir ? path.resolve(opts.dataDir) : undefined,
    extensions: { pg_trgm },
    loadDataDir: opts.loadDataDir,
  });
  const db = drizzlePglite(client, { schema, casing: 'snake_case' }) as unknown as Db;
  if (opts.migrate !== false) await migratePglite(drizzlePglite(client), { migrationsFolder });
  return { db, kind: 'pglite', close: () => client.close() };
}

/** Dumps a PGlite database (used to make a migrated template for fast test setup). */
export async function dumpPglite(dataDir?: string): Promise<Blob> {
  const client = await PGlite.create({ dataDir, extensions: { pg_trgm } });
  await migratePglite(drizzlePglite(client), { migrationsFolder });
  const dump = await client.dumpDataDir('none');
  await client.close();
  return dump;
}
