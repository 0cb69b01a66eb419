import { describe, expect, it } from 'vitest';
import { chargeBreakdown, expectedPeriod } from './payment-charge';

describe('payment charge breakdown', () => {
  it('splits $383 with reconnection and invoice into $300 + $30 + IVA', () => {
    expect(chargeBreakdown(383, 300, { reconexion: true, facturar: true })).toEqual({
      base: 300,
      reconnection: 30,
      iva: 53,
      total: 383,
      months: 1,
      short: false,
      creditBefore: 0,
      // Exactly one invoiced month with reconnection: no centavos of credit from the rounding.
      creditAfter: 0,
      refusal: null,
    });
  });

  it('an edited total shows the base the server will record', () => {
    expect(chargeBreakdown(400, 300, { reconexion: true, facturar: true })).toMatchObject({
      base: 314.83,
      reconnection: 30,
      iva: 55.17,
    });
  });

  it('counts whole months; what exceeds them is credit', () => {
    expect(chargeBreakdown(900, 300, { reconexion: false, facturar: false })).toMatchObject({
      base: 900,
      months: 3,
      iva: 0,
      reconnection: 0,
      creditAfter: 0,
    });
    expect(chargeBreakdown(700, 300, { reconexion: false, facturar: false, credit: 50 })).toMatchObject({
      months: 2,
      creditBefore: 50,
      creditAfter: 150,
    });
  });

  it('an amount below one month is refused in Spanish unless it is an abono, which goes to the credit', () => {
    expect(chargeBreakdown(200, 300, { reconexion: false, facturar: false })).toMatchObject({
      months: 0,
      short: true,
      creditAfter: 0,
      refusal: 'El monto no cubre una mensualidad ($300.00). Márcalo como abono para registrarlo como pago parcial.',
    });
    expect(chargeBreakdown(200, 300, { reconexion: false, facturar: false, abono: true, credit: 50 })).toMatchObject({
      months: 0,
      short: true,
      creditAfter: 250,
      refusal: null,
    });
    expect(chargeBreakdown(200, 300, { reconexion: false, facturar: false, abono: true, credit: 150 })).toMatchObject({
      months: 1,
      creditAfter: 50,
    });
  });
});

describe('expected period', () => {
  const now = new Date('2026-06-20T18:00:00Z'); // 12:00 in Mexico City
  it('starts the day after paid-until', () => {
    expect(expectedPeriod('2026-06-15', 1, false, now)).toEqual({
      fechaInicio: '2026-06-16',
      fechaFinalizacion: '2026-07-15',
    });
  });
  it('a reconnection of a late contract starts today', () => {
    expect(expectedPeriod('2026-05-10', 2, true, now)).toEqual({
      fechaInicio: '2026-06-20',
      fechaFinalizacion: '2026-08-19',
    });
  });
});
