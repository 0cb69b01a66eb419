import {
  paymentCoverage,
  paymentPeriod,
  RECONNECTION_FEE,
  serviceBase,
  toCentavos,
  toPesos,
  type Period,
} from '@airlink/domain';
import { businessDate } from '../../lib/business-time';

/** What an amount pays, as the payment dialog explains it before sending. */
export interface ChargeBreakdown {
  /** The part that pays months of service. */
  base: number;
  /** The reconnection fee included (0 without reconnection). */
  reconnection: number;
  /** The IVA included (0 without invoice). */
  iva: number;
  total: number;
  /** Whole months the base and the credit pay at the monthly amount, as the server counts them (0: none). */
  months: number;
  /** The base pays less than one month: only as an abono (partial payment). */
  short: boolean;
  /** The contract's credit balance now, and after this payment. */
  creditBefore: number;
  creditAfter: number;
  /** Why the server would refuse it (Spanish), or null. */
  refusal: string | null;
}

export interface ChargeOptions {
  reconexion: boolean;
  facturar: boolean;
  /** The contract's credit balance (saldo a favor). */
  credit?: number;
  /** Marked 'Abono (pago parcial)'. */
  abono?: boolean;
}

/**
 * Splits a total the way the server does (`paymentBase`): the invoice's IVA comes off first, then the
 * $30 reconnection fee; what is left pays months at the contract's monthly amount. A total that is
 * exactly whole months with the options (300 + 30 + IVA = 383) shows those months, not the base
 * recovered from the rounded total ($300.17).
 */
export function chargeBreakdown(total: number, monthly: number, options: ChargeOptions): ChargeBreakdown {
  const { reconexion, facturar, credit = 0, abono = false } = options;
  // The server's rules: the base of the total (serviceBase), then months of base + credit, the
  // remainder being the new credit (paymentCoverage).
  const base = serviceBase(total, monthly, reconexion, facturar);
  const coverage = paymentCoverage({ base, monthly, credit, abono, reconexion });
  const months = coverage.ok ? coverage.months : 0;
  const reconnection = reconexion ? RECONNECTION_FEE : 0;
  const iva = facturar ? toPesos(Math.max(0, toCentavos(total) - toCentavos(base) - toCentavos(reconnection))) : 0;
  return {
    base,
    reconnection,
    iva,
    total,
    months,
    short: toCentavos(base) < toCentavos(monthly),
    creditBefore: credit,
    creditAfter: coverage.ok ? coverage.saldoAFavor : credit,
    refusal: coverage.ok ? null : coverage.message,
  };
}

/**
 * The period the payment should cover if registered now (the server computes the real one under the
 * contract's lock): from the day after paid-until, or from today when it reconnects a late contract.
 */
export function expectedPeriod(paidUntil: string, months: number, reconexion: boolean, now = new Date()): Period {
  return paymentPeriod({ paidUntil, paymentDate: businessDate(now), months, reconexion });
}
