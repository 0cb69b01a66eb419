import { describe, expect, it } from 'vitest';
import { dayText } from '../../components/ui/date-text';
import { contractNumberLabel, customerStatusBadges, longDayText } from './customer-status';

const base = { activo: true, cortado: false, no: 12, diasRetraso: 0 };
const labels = (c: Partial<typeof base>) => customerStatusBadges({ ...base, ...c }).map((b) => b.label);

describe('customerStatusBadges', () => {
  it('a paid-up authorized customer is Al corriente', () => {
    expect(labels({})).toEqual(['Al corriente']);
  });
  it('suspended and late customers show each problem, without Al corriente', () => {
    expect(labels({ cortado: true, diasRetraso: 40 })).toEqual(['Suspendido', 'Retraso 40 días']);
    expect(labels({ diasRetraso: 1 })).toEqual(['Retraso 1 día']);
  });
  it('an unauthorized contract says so, next to its payment state', () => {
    expect(labels({ no: 0 })).toEqual(['Al corriente', 'Sin autorizar']);
    expect(labels({ no: 0, diasRetraso: 3 })).toEqual(['Retraso 3 días', 'Sin autorizar']);
  });
  it('a cancelled contract is only Cancelado', () => {
    expect(labels({ activo: false, cortado: true, diasRetraso: 90, no: 0 })).toEqual(['Cancelado']);
  });
});

describe('dates and numbers', () => {
  it('shows a calendar date without moving it across time zones', () => {
    expect(dayText('2026-03-01')).toBe('01/03/2026');
    expect(longDayText('2026-03-01')).toBe('1 de marzo de 2026');
    expect(dayText(null)).toBe('—');
  });
  it('contract number padded, or Sin autorizar', () => {
    expect(contractNumberLabel(12)).toBe('0012');
    expect(contractNumberLabel(0)).toBe('Sin autorizar');
  });
});
