import { addDays, parseIsoDate, toIsoDate } from '../customers/business-days';
import { toCentavos } from './amount';

/** Whole months a base amount pays at the contract's monthly amount: at least one (DESIGN.md section 7). */
export function monthsCovered(base: number, monthly: number): number {
  const m = toCentavos(monthly);
  if (m <= 0) return 1;
  return Math.max(1, Math.floor(toCentavos(base) / m));
}

/** The same day n months later; the 31st of a shorter month becomes its last day. */
export function addMonths(date: string, months: number): string {
  const d = parseIsoDate(date);
  const day = d.getUTCDate();
  const target = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return toIsoDate(target);
}

export interface PeriodInput {
  /** The contract's paid-until date (latest period end, or the contract date). */
  paidUntil: string;
  /** Business date of the payment. */
  paymentDate: string;
  months: number;
  reconexion: boolean;
}

export interface Period {
  fechaInicio: string;
  fechaFinalizacion: string;
}

/**
 * The period a payment covers: from the day after paid-until (or from the payment date when it
 * reconnects) for `months` whole months, ending the day before the same date `months` later.
 * Consecutive payments therefore never overlap and leave no gap.
 */
export function paymentPeriod({ paidUntil, paymentDate, months, reconexion }: PeriodInput): Period {
  const fechaInicio = reconexion && paymentDate > paidUntil ? paymentDate : addDays(paidUntil, 1);
  return { fechaInicio, fechaFinalizacion: addDays(addMonths(fechaInicio, Math.max(1, months)), -1) };
}
