import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/**
 * The one accent folding of SQL: `airlink_fold(text)` (migration 0008), the same character map as the
 * domain's `foldChars`, so a folded column matches a query folded with `foldText`. Every search and
 * accent-insensitive sort uses it; the name and reference indexes are built on this very expression.
 */
export function airlinkFold(expr: AnyColumn | SQL): SQL<string> {
  return sql<string>`airlink_fold(${expr})`;
}
