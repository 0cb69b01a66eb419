import { describe, expect, it } from 'vitest';
import { EXPENSE_DEFAULT_AMOUNT, expenseDefaults, expenseInputSchema } from './expense';

describe('expenses (spec 001 sections 5 and 9)', () => {
  it('defaults: amount 100, scheduled 30 days after today', () => {
    expect(EXPENSE_DEFAULT_AMOUNT).toBe(100);
    expect(expenseDefaults('2026-11-21')).toEqual({ monto: 100, fechaPagoProgramada: '2026-12-21' });
  });

  it('parses the amount as a decimal and the ids as integers', () => {
    const e = expenseInputSchema.parse({ monto: '1250.50', descripcion: 'Luz', idGasto: '2', idCuenta: '4' });
    expect(e).toMatchObject({ monto: 1250.5, idGasto: 2, idCuenta: 4, esGasto: true });
  });

  it('requires amount, description, category and account, in Spanish', () => {
    const r = expenseInputSchema.safeParse({ monto: 0, descripcion: ' ', idGasto: 'x' });
    const msgs = r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    expect(msgs).toEqual(
      expect.arrayContaining(['monto: El monto debe ser mayor a 0', 'descripcion: La descripción es obligatoria', 'idGasto: Elige una categoría', 'idCuenta: Elige una cuenta']),
    );
  });

  it('refuses absurd, non-numeric and sub-centavo amounts and bad dates', () => {
    expect(expenseInputSchema.safeParse({ monto: 'mil', descripcion: 'a', idGasto: 1, idCuenta: 1 }).success).toBe(false);
    expect(expenseInputSchema.safeParse({ monto: 5e9, descripcion: 'a', idGasto: 1, idCuenta: 1 }).success).toBe(false);
    expect(expenseInputSchema.safeParse({ monto: 1.001, descripcion: 'a', idGasto: 1, idCuenta: 1 }).success).toBe(false);
    expect(expenseInputSchema.safeParse({ monto: 1, descripcion: 'a', idGasto: 1, idCuenta: 1, fechaRealizacion: '2026-13-01' }).success).toBe(false);
  });
});
