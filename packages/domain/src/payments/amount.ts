/** Fee added when a payment reconnects a suspended service (docs/business-rules.md "Constants and limits"). */
export const RECONNECTION_FEE = 30;
/** Invoice surcharge (IVA), applied after the reconnection fee (docs/business-rules.md "Money"). */
export const INVOICE_SURCHARGE = 0.16;
/** Largest single payment accepted, in pesos: guards against a typo of extra zeros. */
export const MAX_PAYMENT_AMOUNT = 100_000;

/** Pesos to integer centavos, rounding half away from zero (money is computed in centavos). */
export function toCentavos(pesos: number): number {
  // Shift the decimal point in the text form: 1.005 * 100 is 100.49999… in binary, '1.005e2' is 100.5.
  const abs = Math.abs(pesos);
  const text = String(abs);
  return Math.sign(pesos) * Math.round(text.includes('e') ? abs * 100 : Number(`${text}e2`));
}

export function toPesos(centavos: number): number {
  return centavos / 100;
}

export interface PaymentCharge {
  /** The part that pays months of service. */
  base: number;
  reconexion: boolean;
  facturar: boolean;
}

/**
 * The amount charged (docs/business-rules.md "Money"): base, plus $30 when it reconnects, then with an invoice
 * x 1.16 rounded to whole pesos. $300 + reconnection + invoice = round(330 x 1.16) = $383.
 */
export function paymentTotal({ base, reconexion, facturar }: PaymentCharge): number {
  const beforeTax = toCentavos(base) + (reconexion ? toCentavos(RECONNECTION_FEE) : 0);
  if (!facturar) return toPesos(beforeTax);
  return Math.round((beforeTax * (1 + INVOICE_SURCHARGE)) / 100);
}

/**
 * The base amount inside a total: the inverse of paymentTotal. With an invoice the total was rounded
 * to whole pesos, so the base is recovered to the centavo (an edited total still gives a sensible base).
 */
export function paymentBase(total: number, reconexion: boolean, facturar: boolean): number {
  const beforeTax = facturar ? Math.round(toCentavos(total) / (1 + INVOICE_SURCHARGE)) : toCentavos(total);
  return toPesos(Math.max(0, beforeTax - (reconexion ? toCentavos(RECONNECTION_FEE) : 0)));
}

/** The amount the payment dialog proposes: one month of the contract, with the chosen options. */
export function suggestedPaymentAmount(monthly: number, reconexion: boolean, facturar: boolean): number {
  return paymentTotal({ base: monthly, reconexion, facturar });
}
