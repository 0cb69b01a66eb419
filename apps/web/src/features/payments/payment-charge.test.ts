import { describe, expect, it } from 'vitest';
import { chargeBreakdown, expectedPeriod } from './payment-charge';

describe('payment charge breakdown', () => {
  it('splits $383 with reconnection and invoice into $300 + $30 + IVA', () => {
    expect(chargeBreakdown(383, 300, true, true)).toEqual({
      base: 300,
      reconnection: 30,
      iva: 53,
      total: 383,
      months: 1,
      short: false,
    });
  });

  it('an edited total shows the base the server will record', () => {
    expect(chargeBreakdown(400, 300, true, true)).toMatchObject({ base: 314.83, reconnection: 30, iva: 55.17 });
  });

  it('counts whole months and flags an amount below one month', () => {
    expect(chargeBreakdown(900, 300, false, false)).toMatchObject({ base: 900, months: 3, iva: 0, reconnection: 0 });
    expect(chargeBreakdown(200, 300, false, false)).toMatchObject({ months: 1, short: true });
  });
});

describe('expected period', () => {
  const now = new Date('2026-06-20T18:00:00Z'); // 12:00 in Mexico City
  it('starts the day after paid-until', () => {
    expect(expectedPeriod('2026-06-15', 1, false, now)).toEqual({ fechaInicio: '2026-06-16', fechaFinalizacion: '2026-07-15' });
  });
  it('a reconnection of a late contract starts today', () => {
    expect(expectedPeriod('2026-05-10', 2, true, now)).toEqual({ fechaInicio: '2026-06-20', fechaFinalizacion: '2026-08-19' });
  });
});
