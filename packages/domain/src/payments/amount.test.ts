import { describe, expect, it } from 'vitest';
import {
  INVOICE_SURCHARGE,
  paymentBase,
  paymentTotal,
  RECONNECTION_FEE,
  suggestedPaymentAmount,
  toCentavos,
} from './amount';

describe('payment amount (docs/business-rules.md "Constants and limits" and "Money")', () => {
  it('is the monthly amount by default', () => {
    expect(suggestedPaymentAmount(300, false, false)).toBe(300);
  });

  it('adds the $30 reconnection fee', () => {
    expect(RECONNECTION_FEE).toBe(30);
    expect(suggestedPaymentAmount(300, true, false)).toBe(330);
  });

  it('an invoice raises it by 16 % rounded to whole pesos, after the fee', () => {
    expect(INVOICE_SURCHARGE).toBe(0.16);
    expect(suggestedPaymentAmount(300, false, true)).toBe(348);
    expect(suggestedPaymentAmount(300, true, true)).toBe(383); // 330 x 1.16 = 382.8
    expect(suggestedPaymentAmount(1700, false, true)).toBe(1972);
    expect(paymentTotal({ base: 299.99, reconexion: false, facturar: true })).toBe(348); // 347.99 -> 348
  });

  it('keeps centavos exact without an invoice', () => {
    expect(paymentTotal({ base: 0.1 + 0.2, reconexion: false, facturar: false })).toBe(0.3);
    expect(toCentavos(1.005)).toBe(101);
  });

  it('recovers the base from a total', () => {
    expect(paymentBase(383, true, true)).toBe(300.17); // 383 / 1.16 = 330.17 - 30
    expect(paymentBase(330, true, false)).toBe(300);
    expect(paymentBase(900, false, false)).toBe(900);
    expect(paymentBase(10, true, false)).toBe(0);
  });
});

describe('centavos', () => {
  it('handles numbers JavaScript writes in exponent form', () => {
    expect(toCentavos(1e-7)).toBe(0);
    expect(toCentavos(-12.345)).toBe(-1235);
  });
});
