import { describe, expect, it } from 'vitest';
import {
  movementImportKey,
  normalizeReference,
  normalizeStatementAmount,
  normalizeStatementDate,
  normalizeStatementRow,
} from './bank-statement';

describe('bank statement dates', () => {
  it('reads ISO, day-first numeric and month-name dates', () => {
    expect(normalizeStatementDate('2026-11-21')).toBe('2026-11-21');
    expect(normalizeStatementDate('21/11/2026')).toBe('2026-11-21');
    expect(normalizeStatementDate('1-2-2026')).toBe('2026-02-01');
    expect(normalizeStatementDate('21.11.26')).toBe('2026-11-21');
    expect(normalizeStatementDate('21-NOV-2026')).toBe('2026-11-21');
    expect(normalizeStatementDate('3 dic. 2026')).toBe('2026-12-03');
    expect(normalizeStatementDate('21/11/2026 10:32:00')).toBe('2026-11-21');
  });

  it('refuses impossible or unknown dates', () => {
    expect(normalizeStatementDate('31/02/2026')).toBeNull();
    expect(normalizeStatementDate('11/21/2026')).toBeNull(); // month 21: day-first only
    expect(normalizeStatementDate('ayer')).toBeNull();
    expect(normalizeStatementDate('')).toBeNull();
  });
});

describe('bank statement amounts', () => {
  it('reads currency signs, thousands separators and negatives', () => {
    expect(normalizeStatementAmount('$1,234.50')).toBe(1234.5);
    expect(normalizeStatementAmount(' 1 234.50 ')).toBe(1234.5);
    expect(normalizeStatementAmount('(300.00)')).toBe(-300);
    expect(normalizeStatementAmount('-45')).toBe(-45);
    expect(normalizeStatementAmount('MXN 300')).toBe(300);
    expect(normalizeStatementAmount(300.004)).toBe(300);
  });

  it('refuses text that is not a number', () => {
    expect(normalizeStatementAmount('12,34')).toBeNull();
    expect(normalizeStatementAmount('abc')).toBeNull();
    expect(normalizeStatementAmount('1.2.3')).toBeNull();
  });
});

describe('statement rows', () => {
  const mapping = { fecha: 'Fecha', monto: 'Deposito', referencia: 'Referencia', descripcion: 'Concepto' };

  it('normalises a good row', () => {
    expect(
      normalizeStatementRow(
        { Fecha: '21/11/2026', Deposito: '$500.00', Referencia: ' spei  0012 ', Concepto: 'Pago' },
        mapping,
      ),
    ).toEqual({
      kind: 'ok',
      row: { fechaRealizacion: '2026-11-21', monto: 500, referencia: 'SPEI 0012', descripcion: 'Pago' },
    });
  });

  it('skips rows without a deposit', () => {
    expect(normalizeStatementRow({ Fecha: '21/11/2026', Deposito: '', Referencia: 'X' }, mapping).kind).toBe('skip');
    expect(normalizeStatementRow({ Fecha: '21/11/2026', Deposito: '-20', Referencia: 'X' }, mapping).kind).toBe('skip');
  });

  it('reports every problem of a broken row in Spanish', () => {
    expect(normalizeStatementRow({ Fecha: '99/99/2026', Deposito: 'diez', Referencia: '' }, mapping)).toEqual({
      kind: 'error',
      errors: ['Fecha inválida: "99/99/2026"', 'Monto inválido: "diez"', 'Falta la referencia'],
    });
  });
});

describe('import key', () => {
  it('is account, date, amount in centavos and reference without case or spacing', () => {
    const a = movementImportKey(2, { fechaRealizacion: '2026-11-21', monto: 500, referencia: 'spei  0012' });
    const b = movementImportKey(2, { fechaRealizacion: '2026-11-21', monto: 500.0, referencia: 'SPEI 0012' });
    expect(a).toBe('2|2026-11-21|50000|SPEI 0012');
    expect(a).toBe(b);
    expect(movementImportKey(6, { fechaRealizacion: '2026-11-21', monto: 500, referencia: 'SPEI 0012' })).not.toBe(a);
    expect(normalizeReference(null)).toBe('');
  });
});
