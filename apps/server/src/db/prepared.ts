import type { SQL } from 'drizzle-orm';
import type { PgDialect, PgPreparedQuery, PgSession, PreparedQueryConfig } from 'drizzle-orm/pg-core';
import type { Db } from './client';

/**
 * A statement built once (drizzle `.prepare()` on the pool, with `sql.placeholder` values) and run on the
 * connection of `tx`. drizzle binds a prepared query to the session it was made on, so a transaction would have to
 * build its statements again on every call: on the hot paths (registering a payment) that building cost more
 * CPU than the statements themselves. The copy shares the built text, parameters and row mapping and only swaps
 * the driver client (node-postgres' pool client or PGlite's transaction: both drivers' prepared queries run
 * `this.client.query`). Outside a transaction (`tx` is the pool's database) the statement itself is returned.
 */
export function preparedOn<T extends PgPreparedQuery<PreparedQueryConfig>>(prepared: T, tx: Db, db: Db): T {
  if (tx === db) return prepared;
  const client = (tx as unknown as { session?: { client?: unknown } }).session?.client;
  if (!client) throw new Error('preparedOn: the transaction has no driver client (drizzle internals changed)');
  return Object.assign(Object.create(Object.getPrototypeOf(prepared) as object) as T, prepared, { client });
}

/**
 * Raw SQL (a `sql` template whose values are `sql.placeholder`s, sent as given) prepared once under `name`: a hot
 * read or write that `db.execute` would build again on every call. Its `execute(values)` answers the driver's result
 * (`rows` as the columns are named in the SQL); inside a transaction run it through `preparedOn`.
 */
export function prepareSql(db: Db, name: string, query: SQL): PgPreparedQuery<PreparedQueryConfig> {
  // drizzle prepares raw SQL only through its session (db.execute builds the text on every call).
  const { session, dialect } = db as unknown as { session?: PgSession; dialect?: PgDialect };
  if (!session?.prepareQuery || !dialect?.sqlToQuery)
    throw new Error('prepareSql: drizzle has no session or dialect (drizzle internals changed)');
  return session.prepareQuery(dialect.sqlToQuery(query), undefined, name, false);
}
