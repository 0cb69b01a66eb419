/**
 * Calendar dates as 'YYYY-MM-DD' strings, computed in UTC so no time zone can shift them. Which date
 * "today" is comes from `businessDate()` in the business time zone.
 */
const DAY_MS = 86_400_000;

export const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const isLeapYear = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;

/**
 * Epoch milliseconds of a real calendar day written 'YYYY-MM-DD', at 00:00 UTC; a RangeError otherwise (2026-02-29,
 * 2026-13-01). Read from its digits, without a Date: every customer row of a list works out its lateness from two
 * of them (docs/performance.md).
 */
function isoDateMs(date: string): number {
  if (ISO_DATE.test(date)) {
    const y = Number(date.slice(0, 4));
    const m = Number(date.slice(5, 7));
    const d = Number(date.slice(8, 10));
    if (m >= 1 && m <= 12 && d >= 1 && d <= (m === 2 && isLeapYear(y) ? 29 : MONTH_DAYS[m - 1]!)) {
      if (y >= 100) return Date.UTC(y, m - 1, d);
      // Date.UTC reads years 0 to 99 as 1900 to 1999.
      const t = new Date(0);
      t.setUTCFullYear(y, m - 1, d);
      return t.getTime();
    }
  }
  throw new RangeError(`Fecha inválida: ${date}`);
}

export function parseIsoDate(date: string): Date {
  return new Date(isoDateMs(date));
}

/**
 * The calendar dates a request may carry: years 1900 to 2099. Beyond them a date is a typo ('0000-01-01',
 * which PostgreSQL cannot store, or '9999-12-31'), never a contract, a payment or a holiday of this business.
 */
export const MIN_ISO_DATE = '1900-01-01';
export const MAX_ISO_DATE = '2099-12-31';

/** A real calendar day written 'YYYY-MM-DD' (no 2024-02-30, no 9999-99-99) between MIN_ISO_DATE and MAX_ISO_DATE. */
export function isValidIsoDate(date: string): boolean {
  try {
    parseIsoDate(date);
  } catch {
    return false;
  }
  return date >= MIN_ISO_DATE && date <= MAX_ISO_DATE;
}

export function toIsoDate(d: Date): string {
  return d.toISOString().slice(0, 10);
}

export function addDays(date: string, days: number): string {
  return toIsoDate(new Date(isoDateMs(date) + days * DAY_MS));
}

/** Every date from `from` to `to`, both included (none when `to` is earlier): one parse, not one per day. */
export function datesFrom(from: string, to: string): string[] {
  const out: string[] = [];
  const end = parseIsoDate(to).getTime();
  for (let t = parseIsoDate(from).getTime(); t <= end; t += DAY_MS) out.push(toIsoDate(new Date(t)));
  return out;
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((isoDateMs(to) - isoDateMs(from)) / DAY_MS);
}

/** The first day of the month `monthsBack` months before the month of `date` (0: its own month). */
export function monthStart(date: string, monthsBack = 0): string {
  const d = parseIsoDate(date);
  return toIsoDate(new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - monthsBack, 1)));
}

/** 0 = Sunday … 6 = Saturday. */
export function weekday(date: string): number {
  return parseIsoDate(date).getUTCDay();
}

/** The n-th Monday of a month (1-based), as 'YYYY-MM-DD'. */
function nthMonday(year: number, month: number, n: number): string {
  const first = new Date(Date.UTC(year, month - 1, 1));
  const offset = (8 - first.getUTCDay()) % 7; // days until the first Monday
  return toIsoDate(new Date(Date.UTC(year, month - 1, 1 + offset + (n - 1) * 7)));
}

/**
 * Mexican federal days off (Ley Federal del Trabajo, art. 74): 1 January, first Monday of February,
 * third Monday of March, 1 May, 16 September, 1 October of each sixth year when the federal executive
 * changes (2024, 2030, …), third Monday of November and 25 December.
 */
export function mexicanFederalHolidays(year: number): string[] {
  const pad = (m: number, d: number) => `${year}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
  const days = [
    pad(1, 1),
    nthMonday(year, 2, 1),
    nthMonday(year, 3, 3),
    pad(5, 1),
    pad(9, 16),
    nthMonday(year, 11, 3),
    pad(12, 25),
  ];
  if (year >= 2024 && (year - 2024) % 6 === 0) days.push(pad(10, 1));
  return days.sort();
}

const holidayCache = new Map<number, Set<string>>();
export function isMexicanFederalHoliday(date: string): boolean {
  const year = Number(date.slice(0, 4));
  let set = holidayCache.get(year);
  if (!set) {
    set = new Set(mexicanFederalHolidays(year));
    holidayCache.set(year, set);
  }
  return set.has(date);
}

/**
 * The business calendar Administración configures (GET /api/configuracion): the weekdays that are business
 * days (0 = Sunday … 6 = Saturday) and the business's own holidays ('YYYY-MM-DD'). Mexican federal holidays
 * are always days off on top of these.
 */
export interface BusinessCalendar {
  readonly businessWeekdays: readonly number[];
  readonly holidays: readonly string[];
}

/** Monday to Friday, no holidays of the business's own (federal holidays still apply). */
export const DEFAULT_BUSINESS_WEEKDAYS: readonly number[] = [1, 2, 3, 4, 5];
export const DEFAULT_CALENDAR: BusinessCalendar = { businessWeekdays: DEFAULT_BUSINESS_WEEKDAYS, holidays: [] };

/**
 * A business weekday of the calendar, not a federal holiday and not one of the calendar's holidays
 * (docs/business-rules.md "Business days and holidays"; by default Monday to Friday).
 */
export function isBusinessDay(date: string, calendar: BusinessCalendar = DEFAULT_CALENDAR): boolean {
  return (
    calendar.businessWeekdays.includes(weekday(date)) &&
    !isMexicanFederalHoliday(date) &&
    !calendar.holidays.includes(date)
  );
}

/**
 * The date `count` business days after `date` (count >= 0; 0 returns the date itself). A calendar with no
 * business weekday has no business day: the date itself is returned rather than looping forever (the
 * settings refuse such a calendar).
 */
export function addBusinessDays(date: string, count: number, calendar: BusinessCalendar = DEFAULT_CALENDAR): string {
  if (calendar.businessWeekdays.length === 0) return date;
  let current = date;
  let left = count;
  while (left > 0) {
    current = addDays(current, 1);
    if (isBusinessDay(current, calendar)) left--;
  }
  return current;
}
