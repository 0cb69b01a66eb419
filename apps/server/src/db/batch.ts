import { sql, type SQL } from 'drizzle-orm';
import type { Db } from './client';

/**
 * Independent writes (INSERT, UPDATE or DELETE statements, as `getSQL()` of a drizzle builder) run as one
 * statement of data-modifying CTEs: one round trip instead of one per write, with the same effect. PostgreSQL
 * runs every data-modifying CTE exactly once whether or not the rest of the statement reads it; they all see
 * the same snapshot, so the writes must not depend on each other's rows (different rows or tables).
 */
export async function writeTogether(db: Db, writes: SQL[]): Promise<void> {
  if (writes.length === 0) return;
  if (writes.length === 1) {
    await db.execute(writes[0]!);
    return;
  }
  const ctes = writes.map((write, i) => sql`${sql.raw(`w${i}`)} AS (${write})`);
  await db.execute(sql`WITH ${sql.join(ctes, sql`, `)} SELECT 1`);
}
