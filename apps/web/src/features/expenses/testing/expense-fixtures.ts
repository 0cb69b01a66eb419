import type { Account, Expense, ExpenseCategory } from '@airlink/domain';

export const categories: ExpenseCategory[] = [
  { id: 1, nombre: 'Renta', icono: 'Home' },
  { id: 2, nombre: 'Luz', icono: 'Bolt' },
  { id: 5, nombre: 'Combustible', icono: 'LocalGasStation' },
];

export const accounts: Account[] = [
  { id: 4, nombre: 'Oficina Aurrera', grupo: 'tizayuca', activo: true, orden: 4 },
  { id: 3, nombre: 'Oficina Pachuca', grupo: 'pachuca', activo: true, orden: 3 },
  { id: 2, nombre: 'Banamex Crispin', grupo: 'banco', activo: true, orden: 2 },
  { id: 8, nombre: 'Ajuste de Fecha (efectivo)', grupo: 'ajuste', activo: true, orden: 8 },
];

export function makeExpense(id: number, overrides: Partial<Expense> = {}): Expense {
  return {
    id,
    tipoGasto: '',
    numeroServicio: '',
    nombrePunto: '',
    periodo: '',
    monto: 100,
    descripcion: `Gasto ${id}`,
    fechaPagoProgramada: '2026-03-30',
    estadoPago: 'Pagado',
    nota: '',
    idCuenta: 4,
    cuentaNombre: 'Oficina Aurrera',
    fechaRealizacion: '2026-03-01',
    idGasto: 2,
    categoriaNombre: 'Luz',
    esGasto: true,
    creadoPor: 'Ana Pérez',
    createdAt: '2026-03-01T18:00:00.000Z',
    ...overrides,
  };
}
