import {
  businessDate,
  monthsCovered,
  paymentBase,
  paymentPeriod,
  paymentTotal,
  RECONNECTION_FEE,
  toCentavos,
  toPesos,
  type Period,
} from '@airlink/domain';

/** What an amount pays, as the payment dialog explains it before sending. */
export interface ChargeBreakdown {
  /** The part that pays months of service. */
  base: number;
  /** The reconnection fee included (0 without reconnection). */
  reconnection: number;
  /** The IVA included (0 without invoice). */
  iva: number;
  total: number;
  /** Whole months the base pays at the monthly amount (at least one, as the server counts them). */
  months: number;
  /** The base pays less than one month. */
  short: boolean;
}

/**
 * Splits a total the way the server does (`paymentBase`): the invoice's IVA comes off first, then the
 * $30 reconnection fee; what is left pays months at the contract's monthly amount. A total that is
 * exactly whole months with the options (300 + 30 + IVA = 383) shows those months, not the base
 * recovered from the rounded total ($300.17).
 */
export function chargeBreakdown(total: number, monthly: number, reconexion: boolean, facturar: boolean): ChargeBreakdown {
  const recovered = paymentBase(total, reconexion, facturar);
  const months = monthsCovered(recovered, monthly);
  const whole = toPesos(toCentavos(monthly) * months);
  const base = facturar && paymentTotal({ base: whole, reconexion, facturar }) === total ? whole : recovered;
  const reconnection = reconexion ? RECONNECTION_FEE : 0;
  const iva = facturar ? toPesos(Math.max(0, toCentavos(total) - toCentavos(base) - toCentavos(reconnection))) : 0;
  return {
    base,
    reconnection,
    iva,
    total,
    months,
    short: toCentavos(recovered) < toCentavos(monthly),
  };
}

/**
 * The period the payment should cover if registered now (the server computes the real one under the
 * contract's lock): from the day after paid-until, or from today when it reconnects a late contract.
 */
export function expectedPeriod(paidUntil: string, months: number, reconexion: boolean, now = new Date()): Period {
  return paymentPeriod({ paidUntil, paymentDate: businessDate(now), months, reconexion });
}
