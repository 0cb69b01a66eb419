/**
 * Calendar helpers for the demo data. Dates are 'YYYY-MM-DD' strings (the `date` columns);
 * arithmetic is done in UTC so the process time zone never matters.
 */
export type IsoDate = string;

const DAY_MS = 86_400_000;

/**
 * Offset of America/Mexico_City. Mexico abolished daylight saving time in October 2022, so every
 * instant the demo generates (the last ~3 years) is UTC-6. The app itself uses BUSINESS_TZ.
 */
export const MEXICO_CITY_OFFSET = '-06:00';

function toUtc(d: IsoDate): number {
  const [y, m, day] = d.split('-').map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, day);
}

function fromUtc(ms: number): IsoDate {
  return new Date(ms).toISOString().slice(0, 10);
}

export function addDays(d: IsoDate, days: number): IsoDate {
  return fromUtc(toUtc(d) + days * DAY_MS);
}

/** Adds calendar months, clamping the day to the target month's length (Jan 31 + 1 = Feb 28). */
export function addMonths(d: IsoDate, months: number): IsoDate {
  const [y, m, day] = d.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(y, m - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  return fromUtc(Date.UTC(target.getUTCFullYear(), target.getUTCMonth(), Math.min(day, lastDay)));
}

/** b - a in days. */
export function daysBetween(a: IsoDate, b: IsoDate): number {
  return Math.round((toUtc(b) - toUtc(a)) / DAY_MS);
}

/** 0 = Sunday … 6 = Saturday. */
export function weekday(d: IsoDate): number {
  return new Date(toUtc(d)).getUTCDay();
}

/** The instant of a wall-clock time in Mexico City. */
export function localDateTime(d: IsoDate, hour: number, minute = 0, second = 0): Date {
  const p = (n: number) => String(n).padStart(2, '0');
  return new Date(`${d}T${p(hour)}:${p(minute)}:${p(second)}.000${MEXICO_CITY_OFFSET}`);
}

/** The Mexico City calendar date of an instant. */
export function localDate(at: Date): IsoDate {
  return fromUtc(at.getTime() - 6 * 3_600_000);
}

/** Local hour of day (0..24, fractional) of an instant in Mexico City. */
export function localHour(at: Date): number {
  const ms = (((at.getTime() - 6 * 3_600_000) % DAY_MS) + DAY_MS) % DAY_MS;
  return ms / 3_600_000;
}

const MONTHS_ES = [
  'Enero',
  'Febrero',
  'Marzo',
  'Abril',
  'Mayo',
  'Junio',
  'Julio',
  'Agosto',
  'Septiembre',
  'Octubre',
  'Noviembre',
  'Diciembre',
] as const;

/** 'Marzo 2026' */
export function monthLabel(d: IsoDate): string {
  const [y, m] = d.split('-').map(Number) as [number, number];
  return `${MONTHS_ES[m - 1] ?? ''} ${y}`;
}

/** First day of the month of d. */
export function monthStart(d: IsoDate): IsoDate {
  return `${d.slice(0, 8)}01`;
}
