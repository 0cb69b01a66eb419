import { addDays, financeReportQuerySchema, monthStart } from '@airlink/domain';
import type { ReportRange } from './api/get-finance-report';

export type RangePreset = 'este-mes' | 'mes-anterior' | 'ultimos-30' | 'este-anio' | 'personalizado';

export const RANGE_PRESETS: ReadonlyArray<{ key: Exclude<RangePreset, 'personalizado'>; label: string }> = [
  { key: 'este-mes', label: 'Este mes' },
  { key: 'mes-anterior', label: 'Mes anterior' },
  { key: 'ultimos-30', label: 'Últimos 30 días' },
  { key: 'este-anio', label: 'Este año' },
];

/** The dates of a preset, counted from the business date `today` (YYYY-MM-DD). */
export function presetRange(preset: Exclude<RangePreset, 'personalizado'>, today: string): ReportRange {
  switch (preset) {
    case 'este-mes':
      return { desde: monthStart(today), hasta: today };
    case 'mes-anterior':
      return { desde: monthStart(today, 1), hasta: addDays(monthStart(today), -1) };
    case 'ultimos-30':
      return { desde: addDays(today, -29), hasta: today };
    case 'este-anio':
      return { desde: `${today.slice(0, 4)}-01-01`, hasta: today };
  }
}

/** The preset whose dates these are (today's view of them), or 'personalizado'. */
export function presetOf(range: ReportRange, today: string): RangePreset {
  const match = RANGE_PRESETS.find((p) => {
    const r = presetRange(p.key, today);
    return r.desde === range.desde && r.hasta === range.hasta;
  });
  return match?.key ?? 'personalizado';
}

/** The Spanish reason a range cannot be asked for, or null (the server's own rule: in order, at most a year). */
export function rangeError(range: ReportRange): string | null {
  const r = financeReportQuerySchema.safeParse(range);
  return r.success ? null : (r.error.issues[0]?.message ?? 'Periodo inválido');
}

const MONTHS = ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sep', 'oct', 'nov', 'dic'];
const MONTHS_LONG = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
];

/** '2026-11-03' → '3 nov'. */
export function shortDay(iso: string): string {
  const [, m, d] = iso.split('-').map(Number) as [number, number, number];
  return `${d} ${MONTHS[m - 1] ?? ''}`;
}

/** '2026-11' → 'nov 2026'. */
export function shortMonth(isoMonth: string): string {
  const [y, m] = isoMonth.split('-').map(Number) as [number, number];
  return `${MONTHS[m - 1] ?? ''} ${y}`;
}

/** '2026-11-03' → '3 de noviembre de 2026'. */
export function longDay(iso: string): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return `${d} de ${MONTHS_LONG[m - 1] ?? ''} de ${y}`;
}

/** The range in words: '1 al 30 de noviembre de 2026', or both dates in full. */
export function rangeText({ desde, hasta }: ReportRange): string {
  if (desde === hasta) return longDay(desde);
  if (desde.slice(0, 7) === hasta.slice(0, 7)) return `${Number(desde.slice(8))} al ${longDay(hasta)}`;
  return `${longDay(desde)} al ${longDay(hasta)}`;
}
