import { addDays, parseIsoDate, toIsoDate } from '../customers/business-days';

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
  /** Whole months paid (0 for an abono that completes no month: see paymentCoverage). */
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
 *
 * Zero months (an abono that completes no month) is the empty period after paid-until: it starts the
 * day after paid-until and ends on paid-until (fechaFinalizacion < fechaInicio), so paid-until does not
 * move, the next payment starts on the same day and nothing overlaps.
 */
export function paymentPeriod({ paidUntil, paymentDate, months, reconexion }: PeriodInput): Period {
  if (months < 1) return { fechaInicio: addDays(paidUntil, 1), fechaFinalizacion: paidUntil };
  const fechaInicio = reconexion && paymentDate > paidUntil ? paymentDate : addDays(paidUntil, 1);
  return { fechaInicio, fechaFinalizacion: addDays(addMonths(fechaInicio, months), -1) };
}
