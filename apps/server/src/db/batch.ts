import { sql, type SQL } from 'drizzle-orm';
import type { PgPreparedQuery, PreparedQueryConfig } from 'drizzle-orm/pg-core';
import type { Db } from './client';
import { prepareSql } from './prepared';

/**
 * Independent writes (INSERT, UPDATE or DELETE statements) as one statement of data-modifying CTEs: one round trip
 * instead of one per write, with the same effect. PostgreSQL runs every data-modifying CTE exactly once whether or
 * not the rest of the statement reads it; they all see the same snapshot, so the writes must not depend on each
 * other's rows (different rows or tables).
 */
function together(writes: SQL[]): SQL {
  if (writes.length === 1) return writes[0]!;
  const ctes = writes.map((write, i) => sql`${sql.raw(`w${i}`)} AS (${write})`);
  return sql`WITH ${sql.join(ctes, sql`, `)} SELECT 1`;
}

/**
 * Independent writes (see `together`) as one statement built once, its values `sql.placeholder`s: a hot use case keeps it and runs it with
 * `preparedOn(statement, tx, db).execute(values)` (db/prepared.ts). Building the statement on every payment cost more
 * CPU than running it (docs/performance.md "Payments under load"). A placeholder inside a `sql` template is sent as
 * given; one set as a column's value goes through the column's encoder (a null jsonb would become JSON null).
 */
export function prepareTogether(db: Db, name: string, writes: SQL[]): PgPreparedQuery<PreparedQueryConfig> {
  return prepareSql(db, name, together(writes));
}
