import { addDays, toCentavos, toPesos, type FinanceReport } from '@airlink/domain';
import type { ReportRange } from './api/get-finance-report';
import { shortDay, shortMonth } from './report-range';

/** One bar of the income chart: a day or a month, with each group's income. */
export interface IncomePoint {
  key: string;
  label: string;
  tizayuca: number;
  pachuca: number;
  banco: number;
  total: number;
}

/** Ranges longer than this are charted per month (a bar a day would be unreadable). */
export const MAX_DAILY_BARS = 62;

/**
 * The income chart's points: every day of the range (days without payments at 0), or every month when the
 * range is longer than MAX_DAILY_BARS days. Sums are exact to the centavo.
 */
export function incomeSeries(
  days: FinanceReport['ingresosPorDia'],
  range: ReportRange,
): {
  unit: 'dia' | 'mes';
  points: IncomePoint[];
} {
  const byKey = new Map<string, { tizayuca: number; pachuca: number; banco: number }>();
  const keys: string[] = [];
  let daysCount = 0;
  for (let d = range.desde; d <= range.hasta && daysCount < 400; d = addDays(d, 1)) {
    daysCount += 1;
    keys.push(d);
  }
  const unit = daysCount > MAX_DAILY_BARS ? 'mes' : 'dia';
  const keyOf = (day: string) => (unit === 'mes' ? day.slice(0, 7) : day);
  const ordered = [...new Set(keys.map(keyOf))];
  for (const k of ordered) byKey.set(k, { tizayuca: 0, pachuca: 0, banco: 0 });
  for (const row of days) {
    const k = keyOf(row.fecha.slice(0, 10));
    let acc = byKey.get(k);
    if (!acc) {
      acc = { tizayuca: 0, pachuca: 0, banco: 0 };
      byKey.set(k, acc);
      ordered.push(k);
    }
    acc.tizayuca += toCentavos(row.tizayuca);
    acc.pachuca += toCentavos(row.pachuca);
    acc.banco += toCentavos(row.banco);
  }
  ordered.sort();
  return {
    unit,
    points: ordered.map((k) => {
      const c = byKey.get(k)!;
      return {
        key: k,
        label: unit === 'mes' ? shortMonth(k) : shortDay(k),
        tizayuca: toPesos(c.tizayuca),
        pachuca: toPesos(c.pachuca),
        banco: toPesos(c.banco),
        total: toPesos(c.tizayuca + c.pachuca + c.banco),
      };
    }),
  };
}
