import { describe, expect, it } from 'vitest';
import { paymentBase, paymentTotal } from './amount';
import {
  belowMonthMessage,
  depositAmountDiffers,
  depositMismatchMessage,
  ADJUSTMENT_FORBIDDEN_MESSAGE,
  mayUsePaymentPlace,
  ONLINE_ACCOUNT_FORBIDDEN_MESSAGE,
  paymentCoverage,
  paymentPlaceForbiddenMessage,
  paymentPlacesFor,
  serviceBase,
} from './coverage';
import { isAdjustmentAccount, PAYMENT_PLACES } from '../catalog/accounts';
import { IDEMPOTENCY_KEY_MISSING, idempotencyKeySchema, paymentInputSchema } from './payment';

describe('payment coverage: whole months, abono and credit balance (docs/business-rules.md "Payments")', () => {
  it('a base below one month is refused with a Spanish message unless it is an abono ($0.01 buys nothing)', () => {
    const refused = paymentCoverage({ base: 0.01, monthly: 300, credit: 0, abono: false });
    expect(refused).toEqual({ ok: false, code: 'below_month', message: belowMonthMessage(300) });
    expect(belowMonthMessage(300)).toBe(
      'El monto no cubre una mensualidad ($300.00). Márcalo como abono para registrarlo como pago parcial.',
    );
    expect(paymentCoverage({ base: 299.99, monthly: 300, credit: 0, abono: false }).ok).toBe(false);
    // Even with credit that would complete the month: the cashier must say it is partial.
    expect(paymentCoverage({ base: 100, monthly: 300, credit: 250, abono: false }).ok).toBe(false);
  });

  it('an abono below one month pays no month and goes to the credit balance', () => {
    expect(paymentCoverage({ base: 0.01, monthly: 300, credit: 0, abono: true })).toEqual({
      ok: true,
      months: 0,
      saldoAFavor: 0.01,
      abono: true,
    });
    expect(paymentCoverage({ base: 100, monthly: 300, credit: 150.5, abono: true })).toEqual({
      ok: true,
      months: 0,
      saldoAFavor: 250.5,
      abono: true,
    });
  });

  it('an abono that completes a month with the credit pays it and keeps the remainder', () => {
    expect(paymentCoverage({ base: 200, monthly: 300, credit: 150, abono: true })).toEqual({
      ok: true,
      months: 1,
      saldoAFavor: 50,
      abono: true,
    });
    expect(paymentCoverage({ base: 150, monthly: 300, credit: 150, abono: true })).toEqual({
      ok: true,
      months: 1,
      saldoAFavor: 0,
      abono: true,
    });
  });

  it('an abono of a month or more is an ordinary payment', () => {
    expect(paymentCoverage({ base: 300, monthly: 300, credit: 0, abono: true })).toEqual({
      ok: true,
      months: 1,
      saldoAFavor: 0,
      abono: false,
    });
  });

  it('what exceeds whole months goes to the credit; the credit counts toward the next payment', () => {
    expect(paymentCoverage({ base: 700, monthly: 300, credit: 0, abono: false })).toEqual({
      ok: true,
      months: 2,
      saldoAFavor: 100,
      abono: false,
    });
    expect(paymentCoverage({ base: 500, monthly: 300, credit: 100, abono: false })).toEqual({
      ok: true,
      months: 2,
      saldoAFavor: 0,
      abono: false,
    });
    expect(paymentCoverage({ base: 300, monthly: 300, credit: 0, abono: false })).toEqual({
      ok: true,
      months: 1,
      saldoAFavor: 0,
      abono: false,
    });
  });

  it('is exact to the centavo (no binary drift)', () => {
    expect(paymentCoverage({ base: 0.1, monthly: 0.3, credit: 0.2, abono: true })).toEqual({
      ok: true,
      months: 1,
      saldoAFavor: 0,
      abono: true,
    });
    expect(paymentCoverage({ base: 349.99, monthly: 349.99, credit: 0.02, abono: false })).toEqual({
      ok: true,
      months: 1,
      saldoAFavor: 0.02,
      abono: false,
    });
  });

  it('fees and surcharge never reach the credit: only the base counts (reconnection $30, then invoice x1.16)', () => {
    // $383 with reconnection and invoice on a $300 contract is exactly one month: base $300, no credit.
    const base = serviceBase(383, 300, true, true);
    expect(base).toBe(300);
    expect(paymentCoverage({ base, monthly: 300, credit: 0, abono: false, reconexion: true })).toEqual({
      ok: true,
      months: 1,
      saldoAFavor: 0,
      abono: false,
    });
    // $400 with both is not a whole-month total: base $314.83 (400 / 1.16 - 30), $14.83 of credit.
    expect(serviceBase(400, 300, true, true)).toBe(314.83);
    expect(
      paymentCoverage({ base: serviceBase(400, 300, true, true), monthly: 300, credit: 0, abono: false }),
    ).toMatchObject({ months: 1, saldoAFavor: 14.83 });
    // $232 with invoice is a base of $200: below the month, an abono of $200.
    expect(
      paymentCoverage({ base: serviceBase(232, 300, false, true), monthly: 300, credit: 0, abono: true }),
    ).toMatchObject({ months: 0, saldoAFavor: 200 });
  });

  it('the suggested invoiced amount of any monthly amount pays exactly its months (the rounding never refuses it)', () => {
    // 301 x 1.16 = 349.16 -> $349, which divided back is $300.86: still one month of $301.
    expect(paymentBase(349, false, true)).toBe(300.86);
    expect(serviceBase(349, 301, false, true)).toBe(301);
    for (let monthly = 1; monthly <= 3000; monthly += 7.13) {
      const m = Math.round(monthly * 100) / 100;
      for (const reconexion of [false, true]) {
        for (const months of [1, 2, 3]) {
          const total = paymentTotal({ base: m * months, reconexion, facturar: true });
          const base = serviceBase(total, m, reconexion, true);
          expect(
            paymentCoverage({ base, monthly: m, credit: 0, abono: false, reconexion }),
            `${m} x${months} ${reconexion}`,
          ).toEqual({
            ok: true,
            months,
            saldoAFavor: 0,
            abono: false,
          });
        }
      }
    }
    // Without an invoice nothing is rounded: the base is the total less the fee.
    expect(serviceBase(330.5, 300, true, false)).toBe(300.5);
  });

  it('a reconnection must pay at least one month, credit included', () => {
    const refused = paymentCoverage({ base: 100, monthly: 300, credit: 0, abono: true, reconexion: true });
    expect(refused).toMatchObject({ ok: false, code: 'reconnection_below_month' });
    expect(!refused.ok && refused.message).toMatch(
      /^Una reconexión debe cubrir al menos una mensualidad \(\$300\.00\)/,
    );
    expect(paymentCoverage({ base: 100, monthly: 300, credit: 200, abono: true, reconexion: true })).toEqual({
      ok: true,
      months: 1,
      saldoAFavor: 0,
      abono: true,
    });
  });

  it('a contract without a monthly amount gets one month per payment and keeps its credit', () => {
    expect(paymentCoverage({ base: 50, monthly: 0, credit: 10, abono: false })).toEqual({
      ok: true,
      months: 1,
      saldoAFavor: 10,
      abono: false,
    });
  });
});

describe('adjustment accounts (8, 9, 10) are level 20 only', () => {
  it('knows the adjustment accounts and who may use them', () => {
    expect([2, 3, 4, 5, 6, 8, 9, 10].filter(isAdjustmentAccount)).toEqual([8, 9, 10]);
    for (const id of [8, 9, 10]) {
      expect(mayUsePaymentPlace(16, id)).toBe(false);
      expect(mayUsePaymentPlace(19, id)).toBe(false);
      expect(mayUsePaymentPlace(20, id)).toBe(true);
    }
    expect(mayUsePaymentPlace(16, 4)).toBe(true);
    // 11 is Mercado Pago: online payments land there by themselves (issue 24); by hand only level 20.
    expect(mayUsePaymentPlace(16, 11)).toBe(false);
    expect(mayUsePaymentPlace(19, 11)).toBe(false);
    expect(mayUsePaymentPlace(20, 11)).toBe(true);
    expect(paymentPlaceForbiddenMessage(11)).toBe(ONLINE_ACCOUNT_FORBIDDEN_MESSAGE);
    expect(paymentPlaceForbiddenMessage(8)).toBe(ADJUSTMENT_FORBIDDEN_MESSAGE);
    const accounts = PAYMENT_PLACES.map((p) => ({ ...p, activo: p.id !== 5 }));
    expect(paymentPlacesFor(16, accounts).map((p) => p.id)).toEqual([4, 3, 2, 6]);
    expect(paymentPlacesFor(20, accounts).map((p) => p.id)).toEqual([4, 3, 2, 6, 8, 9, 10, 11]);
  });
});

describe('bank deposit of another amount', () => {
  it('differs to the centavo and names both amounts in Spanish', () => {
    expect(depositAmountDiffers(383, 383)).toBe(false);
    expect(depositAmountDiffers(383, 383.01)).toBe(true);
    expect(depositAmountDiffers(0.1 + 0.2, 0.3)).toBe(false);
    expect(depositMismatchMessage('SPEI 1001', 500, 300)).toBe(
      'El depósito SPEI 1001 es de $500.00 y el pago es de $300.00. Confirma la diferencia para registrarlo así.',
    );
  });
});

describe('payment input: abono, confirmarDiferencia and the Idempotency-Key', () => {
  it('abono and confirmarDiferencia default to false and must be booleans', () => {
    const ok = paymentInputSchema.parse({ idCliente: 1, monto: 100, idCuenta: 4 });
    expect(ok).toMatchObject({ abono: false, confirmarDiferencia: false });
    expect(
      paymentInputSchema.parse({ idCliente: 1, monto: 100, idCuenta: 4, abono: true, confirmarDiferencia: true }),
    ).toMatchObject({
      abono: true,
      confirmarDiferencia: true,
    });
    const bad = paymentInputSchema.safeParse({ idCliente: 1, monto: 100, idCuenta: 4, abono: 'sí' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe('Abono debe ser sí o no');
  });

  it('a missing key has its own Spanish message; a malformed one is invalid', () => {
    expect(idempotencyKeySchema.safeParse(undefined).error?.issues[0]?.message).toBe(IDEMPOTENCY_KEY_MISSING);
    expect(idempotencyKeySchema.safeParse('corta').error?.issues[0]?.message).toBe('Idempotency-Key inválida');
    expect(idempotencyKeySchema.safeParse(42).error?.issues[0]?.message).toBe('Idempotency-Key inválida');
    expect(idempotencyKeySchema.parse('abc-12345')).toBe('abc-12345');
  });
});
