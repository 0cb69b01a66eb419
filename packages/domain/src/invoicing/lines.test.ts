import { describe, expect, it } from 'vitest';
import { SERVICE_TYPES } from '../catalog/service-types';
import { paymentTotal, toCentavos } from '../payments/amount';
import { invoiceTotals, lineFor, paymentInvoiceLines } from './lines';

/** What the PAC computes from a line's unit price: its base to the centavo and its IVA, first to six decimals. */
function pacLine(precio: number) {
  const base = Math.round(precio * 100);
  const iva = Math.round(Math.round(precio * 0.16 * 1e6) / 1e4);
  return base + iva;
}

describe('invoice lines to the centavo', () => {
  const cases = SERVICE_TYPES.flatMap((t) =>
    [1, 2, 3, 6, 12].flatMap((months) =>
      [false, true].map((reconexion) => ({ plan: t.name, monthly: t.monthly, months, reconexion })),
    ),
  );

  it.each(cases)('$plan x $months, reconnection $reconexion: the invoice totals the amount paid', (c) => {
    const monto = paymentTotal({ base: c.monthly * c.months, reconexion: c.reconexion, facturar: true });
    const lines = paymentInvoiceLines({ monto, reconexion: c.reconexion, descripcionServicio: c.plan });
    expect(lines).toHaveLength(c.reconexion ? 2 : 1);
    expect(invoiceTotals(lines).total).toBe(monto);
    expect(lines.reduce((s, l) => s + pacLine(l.precio), 0)).toBe(toCentavos(monto));
    if (c.reconexion) expect(lines[1]).toMatchObject({ precio: 30, baseCentavos: 3000, ivaCentavos: 480 });
  });

  it('the global invoice carries IVA inside each payment: $300 is 258.62 + 41.38', () => {
    expect(lineFor('Venta', 30000)).toMatchObject({ precio: 258.62, baseCentavos: 25862, ivaCentavos: 4138 });
  });

  it('every total up to $20,000 has a price, two decimals where they reach it and six where they do not', () => {
    let sixDecimals = 0;
    for (let total = 1; total <= 2_000_000; total++) {
      const { precio } = lineFor('x', total);
      if (pacLine(precio) !== total) throw new Error(`total ${total}: ${precio}`);
      if (!Number.isInteger(Math.round(precio * 100 * 1e6) / 1e6)) sixDecimals++;
    }
    // $7.00 is such a total: 6.03 + 0.96 = 6.99 and 6.04 + 0.97 = 7.01.
    expect(lineFor('x', 700).precio).toBeGreaterThan(6.03);
    expect(lineFor('x', 700).precio).toBeLessThan(6.04);
    expect(sixDecimals).toBeGreaterThan(0);
  });

  it('refuses a total that is not whole centavos or not positive', () => {
    expect(() => lineFor('x', 0)).toThrow(RangeError);
    expect(() => lineFor('x', 10.5)).toThrow(RangeError);
  });
});
