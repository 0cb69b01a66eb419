import { describe, expect, it } from 'vitest';
import { cashCloseInputSchema, cashDifference, isCashOffice } from './cash-close';

describe('cash close', () => {
  it('only the two cash offices close their day', () => {
    expect(isCashOffice(4)).toBe(true);
    expect(isCashOffice(3)).toBe(true);
    expect(isCashOffice(2)).toBe(false);
    expect(isCashOffice(8)).toBe(false);
  });

  it('difference is counted minus expected, exact to the centavo', () => {
    expect(cashDifference(1234.1, 1234.3)).toBe(0.2);
    expect(cashDifference(500, 450)).toBe(-50);
  });

  it('validates office, date and counted cash', () => {
    expect(cashCloseInputSchema.safeParse({ idCuenta: 2, fecha: '2026-11-21', contado: 10 }).success).toBe(false);
    expect(cashCloseInputSchema.safeParse({ idCuenta: 4, fecha: '2026-02-30', contado: 10 }).success).toBe(false);
    expect(cashCloseInputSchema.safeParse({ idCuenta: 4, fecha: '2026-11-21', contado: -1 }).success).toBe(false);
    expect(cashCloseInputSchema.parse({ idCuenta: 4, fecha: '2026-11-21', contado: '1500.50' })).toMatchObject({
      idCuenta: 4,
      contado: 1500.5,
    });
    // No coercion: the office is a JSON number, the cash a number or a decimal string.
    expect(cashCloseInputSchema.safeParse({ idCuenta: '4', fecha: '2026-11-21', contado: 10 }).success).toBe(false);
    expect(cashCloseInputSchema.safeParse({ idCuenta: 4, fecha: '2026-11-21', contado: true }).success).toBe(false);
    expect(cashCloseInputSchema.safeParse({ idCuenta: 4, fecha: '2026-11-21', contado: null }).success).toBe(false);
  });
});
