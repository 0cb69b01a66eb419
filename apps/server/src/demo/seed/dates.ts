/**
 * Calendar helpers for the demo data. Dates are 'YYYY-MM-DD' strings (the `date` columns); the calendar
 * arithmetic is the domain's (one place per rule), only the demo's fixed Mexico City clock lives here.
 */
import { toIsoDate } from '@airlink/domain';

export { addDays, addMonths, daysBetween, monthStart, weekday } from '@airlink/domain';
export type IsoDate = string;

const DAY_MS = 86_400_000;

/**
 * Offset of America/Mexico_City. Mexico abolished daylight saving time in October 2022, so every
 * instant the demo generates (the last ~3 years) is UTC-6. The app itself uses BUSINESS_TZ.
 */
export const MEXICO_CITY_OFFSET = '-06:00';

/** The instant of a wall-clock time in Mexico City. */
export function localDateTime(d: IsoDate, hour: number, minute = 0, second = 0): Date {
  const p = (n: number) => String(n).padStart(2, '0');
  return new Date(`${d}T${p(hour)}:${p(minute)}:${p(second)}.000${MEXICO_CITY_OFFSET}`);
}

/** The Mexico City calendar date of an instant. */
export function localDate(at: Date): IsoDate {
  return toIsoDate(new Date(at.getTime() - 6 * 3_600_000));
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
