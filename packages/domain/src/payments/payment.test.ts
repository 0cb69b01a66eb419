import { describe, expect, it } from 'vitest';
import {
  idempotencyKeySchema,
  paymentInputSchema,
  REFERENCE_AUTOCOMPLETE_MIN_CHARS,
  PENDING_PAYMENTS_REFRESH_MS,
} from './payment';

const ok = { idCliente: 5, monto: 300, idCuenta: 4 };
const messages = (input: unknown) => {
  const r = paymentInputSchema.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => i.message);
};

describe('payment payload', () => {
  it('defaults options and ignores client-side dates and guid', () => {
    const p = paymentInputSchema.parse({ ...ok, fechaInicio: '1999-01-01', guid: 'x' });
    expect(p).toMatchObject({
      reconexion: false,
      facturar: false,
      referencia: '',
      nota: '',
      idMovimientoFinanciero: null,
    });
  });

  it('refuses zero, negative, non-numeric, absurd and sub-centavo amounts', () => {
    expect(messages({ ...ok, monto: 0 })).toContain('El monto debe ser mayor a 0');
    expect(messages({ ...ok, monto: -5 })).toContain('El monto debe ser mayor a 0');
    expect(messages({ ...ok, monto: 'trescientos' })).toContain('El monto debe ser un número');
    expect(messages({ ...ok, monto: 5_000_000 })[0]).toMatch(/no puede pasar de/);
    expect(messages({ ...ok, monto: 300.001 })).toContain('El monto: usa como máximo dos decimales');
  });

  it('refuses an amount that does not cover the reconnection fee', () => {
    expect(messages({ ...ok, monto: 30, reconexion: true })).toContain(
      'El monto no alcanza a cubrir la reconexión y el IVA',
    );
    expect(messages({ ...ok, monto: 31, reconexion: true })).toEqual([]);
  });

  it('refuses unknown payment places', () => {
    expect(messages({ ...ok, idCuenta: 7 })).toContain('Lugar de pago desconocido');
  });

  it('idempotency keys are short safe tokens', () => {
    expect(idempotencyKeySchema.safeParse('7f1c2a9e-3b4d-4c5e-9f00-112233445566').success).toBe(true);
    expect(idempotencyKeySchema.safeParse('a b').success).toBe(false);
  });

  it('autocomplete after more than 2 characters; refresh every 15 minutes (docs/business-rules.md "Screens")', () => {
    expect(REFERENCE_AUTOCOMPLETE_MIN_CHARS).toBe(3);
    expect(PENDING_PAYMENTS_REFRESH_MS).toBe(900_000);
  });
});
