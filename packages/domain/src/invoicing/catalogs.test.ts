import { describe, expect, it } from 'vitest';
import { paymentFormOfAccount } from './catalogs';

describe('paymentFormOfAccount', () => {
  it.each([
    [{ id: 4, grupo: 'tizayuca' }, '01'],
    [{ id: 3, grupo: 'pachuca' }, '01'],
    [{ id: 2, grupo: 'banco' }, '03'],
    [{ id: 6, grupo: 'banco' }, '03'],
    [{ id: 11, grupo: 'banco' }, '31'],
    [{ id: 8, grupo: 'ajuste' }, null],
  ])('%o → %s', (account, form) => {
    expect(paymentFormOfAccount(account)).toBe(form);
  });

  it('knows Mercado Pago by its account id, not by its name', () => {
    // A bank account renamed 'Mercado Pago (depósitos)' stays a transfer; id 11 renamed stays Mercado Pago.
    expect(paymentFormOfAccount({ id: 6, grupo: 'banco', nombre: 'Mercado Pago (depósitos)' } as never)).toBe('03');
    expect(paymentFormOfAccount({ id: 11, grupo: 'banco', nombre: 'Pagos en línea' } as never)).toBe('31');
  });
});
