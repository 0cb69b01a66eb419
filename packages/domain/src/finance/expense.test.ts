import { describe, expect, it } from 'vitest';
import { accountUpdateSchema, expenseCategoryInputSchema } from './account';
import {
  descriptionFromNote,
  EXPENSE_DEFAULT_AMOUNT,
  expenseDefaults,
  expenseInputSchema,
  isExpenseOverdue,
  shownExpenseStatus,
} from './expense';

describe('expenses (docs/business-rules.md "Finance" and "Constants and limits")', () => {
  it('defaults: amount 100, scheduled 30 days after today', () => {
    expect(EXPENSE_DEFAULT_AMOUNT).toBe(100);
    expect(expenseDefaults('2026-11-21')).toEqual({ monto: 100, fechaPagoProgramada: '2026-12-21' });
  });

  it('reads the amount as a JSON number or a decimal string, the ids only as JSON numbers', () => {
    const e = expenseInputSchema.parse({ monto: '1250.50', descripcion: 'Luz', idGasto: 2, idCuenta: 4 });
    expect(e).toMatchObject({ monto: 1250.5, idGasto: 2, idCuenta: 4, esGasto: true });
    const r = expenseInputSchema.safeParse({ monto: '0x1F', descripcion: 'Luz', idGasto: '2', idCuenta: true });
    expect(r.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`)).toEqual([
      'monto: El monto debe ser un número',
      'idGasto: Elige una categoría',
      'idCuenta: Elige una cuenta',
    ]);
  });

  it('the spec’s payload (a note, no description): the note, on one line and cut to 300 characters, is the description', () => {
    const spec = {
      monto: 450,
      idCuenta: 4,
      fechaPagoProgramada: '2026-12-07T00:00:00',
      fechaRealizacion: null,
      estadoPago: 'Pendiente',
      nota: 'Recibo\nde luz',
      idGasto: 2,
      esGasto: true,
    };
    expect(expenseInputSchema.parse(descriptionFromNote(spec))).toMatchObject({
      descripcion: 'Recibo de luz',
      nota: 'Recibo\nde luz',
      fechaPagoProgramada: '2026-12-07',
    });
    expect(descriptionFromNote({ ...spec, descripcion: 'Luz' })).toMatchObject({ descripcion: 'Luz' });
    expect(descriptionFromNote({ ...spec, descripcion: '  ' })).toMatchObject({ descripcion: 'Recibo de luz' });
    const long = descriptionFromNote({ nota: 'a'.repeat(400) }) as { descripcion: string };
    expect(long.descripcion).toHaveLength(300);
    expect(long.descripcion.endsWith('…')).toBe(true);
    expect(descriptionFromNote({ nota: '   ' })).toEqual({ nota: '   ' });
    expect(descriptionFromNote({ nota: 5 })).toEqual({ nota: 5 });
    expect(descriptionFromNote(null)).toBeNull();
  });

  it('requires amount, description, category and account, in Spanish', () => {
    const r = expenseInputSchema.safeParse({ monto: 0, descripcion: ' ', idGasto: 'x' });
    const msgs = r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    expect(msgs).toEqual(
      expect.arrayContaining([
        'monto: El monto debe ser mayor a 0',
        'descripcion: La descripción es obligatoria',
        'idGasto: Elige una categoría',
        'idCuenta: Elige una cuenta',
      ]),
    );
  });

  it('refuses absurd, non-numeric and sub-centavo amounts and bad dates', () => {
    expect(expenseInputSchema.safeParse({ monto: 'mil', descripcion: 'a', idGasto: 1, idCuenta: 1 }).success).toBe(
      false,
    );
    expect(expenseInputSchema.safeParse({ monto: 5e9, descripcion: 'a', idGasto: 1, idCuenta: 1 }).success).toBe(false);
    expect(expenseInputSchema.safeParse({ monto: 1.001, descripcion: 'a', idGasto: 1, idCuenta: 1 }).success).toBe(
      false,
    );
    expect(
      expenseInputSchema.safeParse({
        monto: 1,
        descripcion: 'a',
        idGasto: 1,
        idCuenta: 1,
        fechaRealizacion: '2026-13-01',
      }).success,
    ).toBe(false);
  });
});

describe('expense status (docs/business-rules.md "Finance")', () => {
  it('a pending expense past its scheduled date is Atrasado', () => {
    expect(shownExpenseStatus('Pendiente', '2026-11-23', '2026-11-24')).toBe('Atrasado');
    expect(isExpenseOverdue('Pendiente', '2026-11-23', '2026-11-24')).toBe(true);
  });
  it('is still Pendiente on its scheduled date or without one', () => {
    expect(shownExpenseStatus('Pendiente', '2026-11-24', '2026-11-24')).toBe('Pendiente');
    expect(shownExpenseStatus('Pendiente', null, '2026-11-24')).toBe('Pendiente');
  });
  it('keeps Pagado and a stored Atrasado; anything unknown reads as Pendiente', () => {
    expect(shownExpenseStatus('Pagado', '2026-01-01', '2026-11-24')).toBe('Pagado');
    expect(isExpenseOverdue('Pagado', '2026-01-01', '2026-11-24')).toBe(false);
    expect(shownExpenseStatus('Atrasado', '2027-01-01', '2026-11-24')).toBe('Atrasado');
    expect(shownExpenseStatus('otro', '2027-01-01', '2026-11-24')).toBe('Pendiente');
  });
});

describe('accounts and expense categories of Administración', () => {
  it('account update: name, group, active flag and order are checked', () => {
    expect(accountUpdateSchema.parse({ nombre: ' Caja Aurrera ', grupo: 'tizayuca', activo: true, orden: 2 })).toEqual({
      nombre: 'Caja Aurrera',
      grupo: 'tizayuca',
      activo: true,
      orden: 2,
    });
    const bad = accountUpdateSchema.safeParse({ nombre: '', grupo: 'otro', activo: 'si', orden: -1 });
    expect(bad.error?.issues.map((i) => i.message)).toEqual([
      'Escribe el nombre de la cuenta',
      'Grupo desconocido',
      'Activa debe ser sí o no',
      'El orden va de 0 a 999',
    ]);
  });
  it('category input: name required, icon from the list', () => {
    expect(expenseCategoryInputSchema.parse({ nombre: ' Agua ' })).toEqual({ nombre: 'Agua', icono: 'Category' });
    expect(expenseCategoryInputSchema.safeParse({ nombre: 'Agua', icono: 'Skull' }).error?.issues[0]?.message).toBe(
      'Elige un ícono de la lista',
    );
    expect(expenseCategoryInputSchema.safeParse({ nombre: '  ' }).error?.issues[0]?.message).toBe(
      'Escribe el nombre de la categoría',
    );
  });
});
