import { addBusinessDays, daysBetween } from './business-days';

/** Business days of grace after the paid-until date before the service is cut (spec 000 section 9). */
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
 * How late a contract is (DESIGN.md section 7). `paidUntil` is the latest period end of its payments,
 * or the contract date when it has none; `today` is the business date.
 */
export function latenessOf(paidUntil: string, today: string): Lateness {
  const diasRetraso = Math.max(0, daysBetween(paidUntil, today));
  return {
    diasRetraso,
    mesesRetraso: Math.floor(diasRetraso / DAYS_PER_MONTH_OF_DELAY),
    fechaCorte: addBusinessDays(paidUntil, GRACE_BUSINESS_DAYS),
  };
}

/** 'Retraso de Pago' text: '2 meses y 65 días de retraso. Fecha de corte: 15/09/2026'. */
export function latenessText(l: Lateness): string {
  const months = l.mesesRetraso === 1 ? '1 mes' : `${l.mesesRetraso} meses`;
  const days = l.diasRetraso === 1 ? '1 día' : `${l.diasRetraso} días`;
  const [y, m, d] = l.fechaCorte.split('-');
  return `${months} y ${days} de retraso. Fecha de corte: ${d}/${m}/${y}`;
}
