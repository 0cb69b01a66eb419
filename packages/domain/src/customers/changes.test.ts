import { describe, expect, it } from 'vitest';
import { describeContractChanges } from './changes';

describe('contract change description (Registro entry of an edit)', () => {
  it('lists each changed field with readable before and after values', () => {
    expect(
      describeContractChanges(
        { nombre: 'Ana', monto: 300, tipo: 1, facturar: false, telefono: '7791234567' },
        { nombre: 'Ana', monto: 500, tipo: 2, facturar: true, telefono: '7791234567' },
      ),
    ).toEqual([
      'Tipo de servicio: Residencial hasta 3 Mbps → Oficina hasta 6 Mbps',
      'Mensualidad: $300.00 → $500.00',
      'Facturar: No → Sí',
    ]);
  });

  it('is empty when nothing changed, also for equal numbers of different types', () => {
    expect(describeContractChanges({ monto: 300, email: '' }, { monto: 300, email: '' })).toEqual([]);
  });

  it('shows empty values as (vacío)', () => {
    expect(describeContractChanges({ email: '' }, { email: 'a@b.mx' })).toEqual(['Correo: (vacío) → a@b.mx']);
  });
});
