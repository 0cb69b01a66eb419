import { addBusinessDays, addDays, daysBetween, DEFAULT_CALENDAR, type BusinessCalendar } from './business-days';

/** Business days of grace after the paid-until date before the service is cut (docs/business-rules.md "Constants and limits"). */
export const GRACE_BUSINESS_DAYS = 3;
export const DAYS_PER_MONTH_OF_DELAY = 30;

export interface Lateness {
  /** Business-date today minus paid-until; 0 when paid up. */
  diasRetraso: number;
  /** floor(days late / 30). */
  mesesRetraso: number;
  /** Paid-until plus 3 business days: the last day before the cut. */
  fechaCorte: string;
}

/**
 * How late a contract is (docs/business-rules.md "Paid-until and lateness"). `paidUntil` is the latest period end of its payments,
 * or the contract date when it has none; `today` is the business date.
 */
export function latenessOf(paidUntil: string, today: string, calendar: BusinessCalendar = DEFAULT_CALENDAR): Lateness {
  const diasRetraso = Math.max(0, daysBetween(paidUntil, today));
  return {
    diasRetraso,
    mesesRetraso: Math.floor(diasRetraso / DAYS_PER_MONTH_OF_DELAY),
    fechaCorte: cutoffDate(paidUntil, calendar),
  };
}

/** 'Retraso de Pago' text: '2 meses y 65 días de retraso. Fecha de corte: 15/09/2026'. */
export function latenessText(l: Lateness): string {
  const months = l.mesesRetraso === 1 ? '1 mes' : `${l.mesesRetraso} meses`;
  const days = l.diasRetraso === 1 ? '1 día' : `${l.diasRetraso} días`;
  const [y, m, d] = l.fechaCorte.split('-');
  return `${months} y ${days} de retraso. Fecha de corte: ${d}/${m}/${y}`;
}

/**
 * The cut-off date (the last day before the cut): paid-until plus 3 business days of the calendar
 * (Administración's business weekdays and holidays, and the federal holidays).
 */
export function cutoffDate(paidUntil: string, calendar: BusinessCalendar = DEFAULT_CALENDAR): string {
  let known = cutoffs.get(calendar);
  if (!known) {
    known = new Map();
    cutoffs.set(calendar, known);
  }
  let cutoff = known.get(paidUntil);
  if (cutoff === undefined) {
    cutoff = addBusinessDays(paidUntil, GRACE_BUSINESS_DAYS, calendar);
    // Paid-until dates cluster on a few months' days: a bounded memory, emptied when full.
    if (known.size >= CUTOFF_MEMORY) known.clear();
    known.set(paidUntil, cutoff);
  }
  return cutoff;
}

/**
 * The cut-off dates already worked out, per calendar (a calendar is never changed in place: new settings make a new
 * one). Every panel, list row and payment asks for one; walking the business days each time was the panel's largest
 * own cost (docs/performance.md).
 */
const cutoffs = new WeakMap<BusinessCalendar, Map<string, string>>();
const CUTOFF_MEMORY = 4096;

/**
 * The latest paid-until date whose cut-off date is before `today`. The cut-off date grows with
 * paid-until, so "cut-off before today" is exactly "paid-until on or before this date" (SQL can page by
 * it). Paid-until must be at least 4 calendar days back (3 business days are at least 3 days); weekends
 * and holidays push it further back.
 */
export function lastPaidUntilPastCutoff(today: string, calendar: BusinessCalendar = DEFAULT_CALENDAR): string {
  let candidate = addDays(today, -(GRACE_BUSINESS_DAYS + 1));
  while (cutoffDate(candidate, calendar) >= today) candidate = addDays(candidate, -1);
  return candidate;
}
