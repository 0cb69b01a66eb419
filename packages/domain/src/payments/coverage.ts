import { LEVEL } from '../access/levels';
import { isAdjustmentAccount, MERCADOPAGO_ACCOUNT_ID } from '../catalog/accounts';
import { formatMoney } from '../format/format';
import { paymentBase, paymentTotal, toCentavos, toPesos } from './amount';

/**
 * The base (service part) of a payment's total for a contract: the total less the invoice's IVA and the
 * reconnection fee (`paymentBase`), except that a total which is exactly what whole months charge with
 * the options is those whole months. An invoice rounds to whole pesos: $383 for one $300 month with
 * reconnection is a base of $300 (not the $300.17 a division gives), and the suggested $349 for a $301
 * month (301 x 1.16 = 349.16) is that month, not $300.86 refused as below one month.
 */
export function serviceBase(total: number, monthly: number, reconexion: boolean, facturar: boolean): number {
  const recovered = paymentBase(total, reconexion, facturar);
  const m = toCentavos(monthly);
  if (!facturar || m <= 0) return recovered;
  const n = Math.round(toCentavos(recovered) / m);
  for (const k of [n, n + 1, n - 1]) {
    if (k >= 1 && toCentavos(paymentTotal({ base: toPesos(k * m), reconexion, facturar })) === toCentavos(total))
      return toPesos(k * m);
  }
  return recovered;
}

/**
 * What a payment's base amount (without reconnection fee and invoice surcharge) buys (docs/business-rules.md "Payments"):
 * whole months at the contract's monthly amount, counting the contract's credit balance (`saldoAFavor`);
 * what is left over is the new credit balance. All arithmetic in centavos.
 */
export interface CoverageInput {
  /** The part of the payment that pays service (`paymentBase`): fee and IVA never reach the credit. */
  base: number;
  /** The contract's monthly amount. */
  monthly: number;
  /** The contract's credit balance before this payment. */
  credit: number;
  /** The cashier marked the payment 'Abono' (partial payment). */
  abono: boolean;
  /** The payment reconnects the service: it must pay at least one month (credit included). */
  reconexion?: boolean;
}

export type Coverage =
  | {
      ok: true;
      /** Whole months paid now (0 for an abono that does not complete a month: paid-until stays). */
      months: number;
      /** The credit balance after the payment: always less than one month. */
      saldoAFavor: number;
      /** Stored on the payment: its base was below one month (a partial payment). */
      abono: boolean;
    }
  | { ok: false; code: 'below_month' | 'reconnection_below_month'; message: string };

/** Refusal of a base below one month that the cashier did not mark as 'Abono'. */
export const belowMonthMessage = (monthly: number) =>
  `El monto no cubre una mensualidad (${formatMoney(monthly)}). Márcalo como abono para registrarlo como pago parcial.`;

/** Refusal of a reconnection whose base and credit do not reach one month. */
export const reconnectionBelowMonthMessage = (monthly: number) =>
  `Una reconexión debe cubrir al menos una mensualidad (${formatMoney(monthly)}), contando el saldo a favor.`;

/**
 * months = floor((base + credit) / monthly), new credit = the remainder. A base below one month is
 * refused unless it is an abono; an abono of a month or more is an ordinary payment (not stored as abono).
 * A contract without a monthly amount (0) gets one month per payment and keeps its credit.
 */
export function paymentCoverage({ base, monthly, credit, abono, reconexion = false }: CoverageInput): Coverage {
  const b = toCentavos(base);
  const m = toCentavos(monthly);
  const c = Math.max(0, toCentavos(credit));
  if (m <= 0) return { ok: true, months: 1, saldoAFavor: toPesos(c), abono: false };
  const partial = b < m;
  if (partial && !abono) return { ok: false, code: 'below_month', message: belowMonthMessage(monthly) };
  const months = Math.floor((b + c) / m);
  if (reconexion && months < 1) {
    return { ok: false, code: 'reconnection_below_month', message: reconnectionBelowMonthMessage(monthly) };
  }
  return { ok: true, months, saldoAFavor: toPesos(b + c - months * m), abono: partial };
}

/** Adjustment accounts ('ajuste': 8, 9, 10) are not income: only level 20 registers payments on them. */
export const ADJUSTMENT_MIN_LEVEL = LEVEL.admin;

export const ADJUSTMENT_FORBIDDEN_MESSAGE =
  'Solo un administrador (nivel 20) puede registrar pagos en las cuentas de ajuste.';

/**
 * Online payments land in Mercado Pago (11) by themselves when Mercado Pago approves them (issue 24): a cashier
 * never records one by hand (it would be counted twice when the notification arrives); an administrator may,
 * for a payment flagged as approved but not registered.
 */
export const ONLINE_ACCOUNT_FORBIDDEN_MESSAGE =
  'Los pagos de Mercado Pago se registran solos cuando Mercado Pago los aprueba; solo un administrador (nivel 20) registra uno a mano.';

/** May a user of this level register a payment on this payment place? */
export function mayUsePaymentPlace(level: number, idCuenta: number): boolean {
  const restricted = isAdjustmentAccount(idCuenta) || idCuenta === MERCADOPAGO_ACCOUNT_ID;
  return !restricted || level >= ADJUSTMENT_MIN_LEVEL;
}

/** Why a payment place is refused to a level (mayUsePaymentPlace is false). */
export function paymentPlaceForbiddenMessage(idCuenta: number): string {
  return idCuenta === MERCADOPAGO_ACCOUNT_ID ? ONLINE_ACCOUNT_FORBIDDEN_MESSAGE : ADJUSTMENT_FORBIDDEN_MESSAGE;
}

/**
 * The payment places the dialog offers to a level, from the stored accounts (GET /api/cuentas, already in
 * Administración's order): the active ones, the adjustment accounts and Mercado Pago only from level 20.
 */
export function paymentPlacesFor<A extends { id: number; activo: boolean }>(
  level: number,
  accounts: readonly A[],
): A[] {
  return accounts.filter((a) => a.activo && mayUsePaymentPlace(level, a.id));
}

/** A linked bank deposit whose amount is not the payment's total needs `confirmarDiferencia: true`. */
export function depositAmountDiffers(depositAmount: number, paymentTotal: number): boolean {
  return toCentavos(depositAmount) !== toCentavos(paymentTotal);
}

export const depositMismatchMessage = (referencia: string, depositAmount: number, paymentTotal: number) =>
  `El depósito ${referencia} es de ${formatMoney(depositAmount)} y el pago es de ${formatMoney(paymentTotal)}. ` +
  'Confirma la diferencia para registrarlo así.';
