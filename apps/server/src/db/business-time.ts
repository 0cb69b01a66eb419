import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/**
 * The instant a business date starts: its local midnight in BUSINESS_TZ (`daysAfter` days later), the SQL
 * side of the domain's `businessDate`. Comparing a timestamptz column with it keeps the column's index usable.
 */
export function businessDayStart(date: string, tz: string, daysAfter = 0): SQL {
  return sql`((${date}::date + ${daysAfter}::int)::timestamp AT TIME ZONE ${tz}::text)`;
}

/** `column` falls on the business date `desde` or later (when given) and on `hasta` or earlier (when given). */
export function onBusinessDates(column: AnyColumn, tz: string, desde?: string, hasta?: string): SQL[] {
  const conds: SQL[] = [];
  if (desde) conds.push(sql`${column} >= ${businessDayStart(desde, tz)}`);
  if (hasta) conds.push(sql`${column} < ${businessDayStart(hasta, tz, 1)}`);
  return conds;
}
