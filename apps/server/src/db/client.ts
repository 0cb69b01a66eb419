import { chmodSync, mkdirSync } from 'node:fs';
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
import { fastNodePg } from './fast-node-pg';

/**
 * The one database type the repositories use, whichever driver is behind it. Without drizzle's relational API
 * (`db.query.*`, unused): given the schema, drizzle built a query builder per table for every transaction, which
 * cost a payment more CPU than one of its statements (docs/performance.md "Payments under load").
 */
export type Db = PgDatabase<PgQueryResultHKT>;
export type DbKind = 'pglite' | 'postgres';

export interface Database {
  db: Db;
  kind: DbKind;
  /** Resolves when the database answers `SELECT 1` within `timeoutMs`; rejects otherwise (readiness check). */
  ping(timeoutMs: number): Promise<void>;
  close(): Promise<void>;
}

/** Where connection trouble is reported (the Fastify logger does not exist yet when the database opens). */
export interface DatabaseLog {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

const consoleLog: DatabaseLog = {
  warn: (obj, msg) => console.warn(JSON.stringify({ level: 'warn', msg, err: errText(obj) })),
  error: (obj, msg) => console.error(JSON.stringify({ level: 'error', msg, err: errText(obj) })),
};
function errText(obj: object): string | undefined {
  const err = (obj as { err?: unknown }).err;
  return err instanceof Error ? `${(err as { code?: string }).code ?? ''} ${err.message}`.trim() : undefined;
}

/** Rejects after `ms` unless `work` settles first. */
function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timeout: no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * A pg pool that survives lost connections (a restart, a failover, pg_terminate_backend): node-postgres
 * emits 'error' on an idle client through the pool, and on a checked-out client (an open transaction)
 * on the client itself; an 'error' event nobody listens to ends the process. Both are logged instead.
 * The failed query still rejects (503 through db/unavailable.ts), and the broken client is dropped from
 * the pool when released, so the next request gets a new connection.
 */
export function createPool(connectionString: string, log: DatabaseLog = consoleLog): pg.Pool {
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    // While the database is down a request fails in seconds instead of waiting for a connection forever.
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    keepAlive: true,
  });
  pool.on('error', (err) => log.warn({ err }, 'idle database connection lost'));
  pool.on('connect', (client) => {
    client.on('error', (err) => log.warn({ err }, 'database connection lost'));
  });
  return pool;
}

/** The embedded data folder holds the whole database and the generated secret: owner only (0700). */
export function ensurePrivateFolder(dir: string, log: DatabaseLog = consoleLog) {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  try {
    // mkdir leaves an existing folder as it was (say one made by an older version with 0755).
    chmodSync(dir, 0o700);
  } catch (err) {
    log.warn({ err }, `could not restrict ${dir} to its owner (chmod 700)`);
  }
}

export { migrationsFolder };

export interface OpenOptions {
  databaseUrl?: string;
  /** Folder of the embedded database; omitted means in memory. */
  dataDir?: string;
  /** A PGlite data-dir dump to start from (tests use a migrated template). */
  loadDataDir?: Blob | File;
  migrate?: boolean;
  log?: DatabaseLog;
}

/** Key of the session advisory lock held while migrations run ('ALMG'); the job runner's is 'ALJS'. */
export const MIGRATION_LOCK = 0x41_4c_4d_47;

/**
 * Applies pending migrations on one connection that holds a session advisory lock: instances started at
 * the same moment (a rolling deploy, two replicas) migrate one after the other, and the later ones find
 * nothing left to do, instead of racing on `CREATE SCHEMA`/`CREATE EXTENSION` and dying. The lock goes
 * with the session, so a process killed mid-migration never leaves it held.
 */
async function migratePostgres(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  let unlocked = false;
  try {
    await client.query('SELECT pg_advisory_lock($1::bigint)', [MIGRATION_LOCK]);
    try {
      await migratePg(drizzlePg(client), { migrationsFolder });
    } finally {
      unlocked = await client
        .query('SELECT pg_advisory_unlock($1::bigint)', [MIGRATION_LOCK])
        .then(() => true)
        .catch(() => false);
    }
  } finally {
    // A connection that could not unlock is dropped: its session, and so the lock, ends with it.
    client.release(!unlocked);
  }
}

/** Opens PostgreSQL when a URL is given, the embedded PGlite otherwise, and applies migrations. */
export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = createPool(opts.databaseUrl, opts.log);
    // Money and dates: numeric stays a string for drizzle to map; timestamps come back as Date. drizzle's own
    // statement path with its per-statement work done once (db/fast-node-pg.ts).
    const db = fastNodePg(pool, 'snake_case') as unknown as Db;
    if (opts.migrate !== false) {
      try {
        await migratePostgres(pool);
      } catch (err) {
        await pool.end().catch(() => {});
        throw err;
      }
    }
    return {
      db,
      kind: 'postgres',
      ping: async (timeoutMs) => {
        await withTimeout(pool.query('SELECT 1'), timeoutMs);
      },
      close: () => pool.end(),
    };
  }
  if (opts.dataDir) ensurePrivateFolder(path.resolve(opts.dataDir), opts.log);
  const client = await PGlite.create({
    dataDir: opts.dataDir ? path.resolve(opts.dataDir) : undefined,
    extensions: { pg_trgm },
    loadDataDir: opts.loadDataDir,
  });
  const db = drizzlePglite(client, { casing: 'snake_case' }) as unknown as Db;
  if (opts.migrate !== false) await migratePglite(drizzlePglite(client), { migrationsFolder });
  return {
    db,
    kind: 'pglite',
    ping: async (timeoutMs) => {
      await withTimeout(client.query('SELECT 1'), timeoutMs);
    },
    close: () => client.close(),
  };
}

/** Dumps a PGlite database (used to make a migrated template for fast test setup). */
export async function dumpPglite(dataDir?: string): Promise<Blob> {
  const client = await PGlite.create({ dataDir, extensions: { pg_trgm } });
  await migratePglite(drizzlePglite(client), { migrationsFolder });
  const dump = await client.dumpDataDir('none');
  await client.close();
  return dump;
}
