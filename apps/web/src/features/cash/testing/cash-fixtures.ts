import type { Account, CashCloseItem, CashDay } from '@airlink/domain';

export const accounts: Account[] = [
  { id: 4, nombre: 'Oficina Aurrera', grupo: 'tizayuca', activo: true, orden: 4 },
  { id: 3, nombre: 'Oficina Pachuca', grupo: 'pachuca', activo: true, orden: 3 },
  { id: 2, nombre: 'Banamex Crispin', grupo: 'banco', activo: true, orden: 2 },
  { id: 5, nombre: 'Tarjeta', grupo: 'banco', activo: true, orden: 5 },
  { id: 6, nombre: 'Banamex Airlink', grupo: 'banco', activo: true, orden: 6 },
  { id: 8, nombre: 'Ajuste de Fecha (efectivo)', grupo: 'ajuste', activo: true, orden: 8 },
];

export function openDay(idCuenta: number, fecha: string, esperado = 1200): CashDay {
  return {
    idCuenta,
    cuenta: idCuenta === 4 ? 'Oficina Aurrera' : 'Oficina Pachuca',
    fecha,
    esperado,
    cantidadPagos: 4,
    cerrado: false,
    corte: null,
  };
}

export function closedDay(day: CashDay, contado: number, extra: Partial<NonNullable<CashDay['corte']>> = {}): CashDay {
  return {
    ...day,
    cerrado: true,
    corte: {
      id: 31,
      esperado: day.esperado,
      contado,
      diferencia: Math.round((contado - day.esperado) * 100) / 100,
      nota: '',
      cerradoPor: 'Carla Cajera',
      cerradoEn: '2026-03-10T02:30:00.000Z',
      reabiertoPor: null,
      reabiertoEn: null,
      ...extra,
    },
  };
}

export function makeCloseItem(id: number, overrides: Partial<CashCloseItem> = {}): CashCloseItem {
  return {
    id,
    idCuenta: 3,
    cuenta: 'Oficina Pachuca',
    fecha: '2026-03-09',
    esperado: 3000,
    contado: 2950,
    diferencia: -50,
    nota: '',
    cerrado: true,
    cerradoPor: 'Luis Ramírez',
    cerradoEn: '2026-03-10T01:00:00.000Z',
    reabiertoPor: null,
    reabiertoEn: null,
    ...overrides,
  };
}
