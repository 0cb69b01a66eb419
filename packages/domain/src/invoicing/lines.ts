/**
 * An invoice's lines for a payment, to the centavo (docs/invoicing.md "Totals"): the PAC computes each line's IVA
 * as its base x 16 % rounded to the centavo and the total as the sum of bases and IVAs, so the bases are chosen for
 * that sum to be exactly the amount the customer paid.
 */
import { RECONNECTION_FEE, toCentavos, toPesos } from '../payments/amount';

export const IVA_RATE = 0.16;

export interface InvoiceLine {
  descripcion: string;
  /** Unit price before IVA, in pesos: two decimals, six when no two-decimal base reaches the total. */
  precio: number;
  /** The line's base and IVA in centavos (what the PAC computes from `precio`). */
  baseCentavos: number;
  ivaCentavos: number;
}

/** The line's total in centavos for a base in centavos: base + IVA rounded to the centavo. */
function lineCentavos(base: number): number {
  return base + Math.round(base * IVA_RATE);
}

/**
 * A line whose base + IVA is `totalCentavos`. Most totals have a base in whole centavos; at the few where the
 * IVA's rounding jumps a centavo (e.g. $7.00), the price carries six decimals, as CFDI 4.0 allows, placed on the
 * side of the jump that gives the total.
 */
export function lineFor(descripcion: string, totalCentavos: number): InvoiceLine {
  if (!Number.isInteger(totalCentavos) || totalCentavos <= 0)
    throw new RangeError(`Total de línea inválido: ${totalCentavos}`);
  const guess = Math.round(totalCentavos / (1 + IVA_RATE));
  for (const base of [guess, guess - 1, guess + 1]) {
    if (lineCentavos(base) === totalCentavos)
      return { descripcion, precio: toPesos(base), baseCentavos: base, ivaCentavos: totalCentavos - base };
  }
  // Between two bases whose totals skip this one: a base of a + δ (|δ| < half a centavo) prints as a centavos
  // and carries the IVA of the other side of the jump.
  for (const base of [guess - 1, guess, guess + 1]) {
    const iva = totalCentavos - base;
    // A base a hundredth of a centavo inside the half-centavo boundary of its IVA: far enough that an IVA first
    // computed to six decimals (as the SAT and the PAC do) still rounds to `iva`.
    for (const exact of [(iva - 0.5) / IVA_RATE + 0.01, (iva + 0.5) / IVA_RATE - 0.01]) {
      const price = Math.round(exact * 10_000) / 10_000; // centavos with 4 decimals = pesos with 6
      if (Math.abs(price - base) < 0.5 && Math.round(price) === base && Math.round(price * IVA_RATE) === iva)
        return { descripcion, precio: Number((price / 100).toFixed(6)), baseCentavos: base, ivaCentavos: iva };
    }
  }
  throw new RangeError(`Sin base para el total ${totalCentavos}`);
}

export interface PaymentInvoiceInput {
  /** The amount paid, in pesos (IVA included when the contract invoices). */
  monto: number;
  reconexion: boolean;
  /** The service's description with its period, e.g. 'Servicio de internet Residencial 10 Mbps del 1 nov…'. */
  descripcionServicio: string;
}

/**
 * The lines of a payment's invoice: the reconnection fee ($30 + IVA) on its own line when charged, the service
 * with the rest. Their total equals the amount paid to the centavo.
 */
export function paymentInvoiceLines({ monto, reconexion, descripcionServicio }: PaymentInvoiceInput): InvoiceLine[] {
  const total = toCentavos(monto);
  const lines: InvoiceLine[] = [];
  let service = total;
  if (reconexion) {
    const fee = toCentavos(RECONNECTION_FEE);
    const feeTotal = lineCentavos(fee);
    if (total - feeTotal > 0) {
      lines.push({
        descripcion: 'Cargo por reconexión del servicio',
        precio: RECONNECTION_FEE,
        baseCentavos: fee,
        ivaCentavos: feeTotal - fee,
      });
      service = total - feeTotal;
    }
  }
  lines.unshift(lineFor(descripcionServicio, service));
  return lines;
}

export interface InvoiceTotals {
  subtotal: number;
  iva: number;
  total: number;
}

/** Subtotal, IVA and total in pesos, as the PAC computes them from the lines. */
export function invoiceTotals(lines: readonly InvoiceLine[]): InvoiceTotals {
  const base = lines.reduce((s, l) => s + l.baseCentavos, 0);
  const iva = lines.reduce((s, l) => s + l.ivaCentavos, 0);
  return { subtotal: toPesos(base), iva: toPesos(iva), total: toPesos(base + iva) };
}
