import type { FinanceReport } from '@airlink/domain';

/** A report of 1–3 March 2026: two days with income, one without. */
export function makeReport(overrides: Partial<FinanceReport> = {}): FinanceReport {
  return {
    desde: '2026-03-01',
    hasta: '2026-03-03',
    ingresos: { tizayuca: 12500, pachuca: 4300.5, banco: 8900, total: 25700.5, cantidadPagos: 61 },
    ingresosPorDia: [
      { fecha: '2026-03-01', tizayuca: 6000, pachuca: 2000, banco: 4000, total: 12000 },
      { fecha: '2026-03-03', tizayuca: 6500, pachuca: 2300.5, banco: 4900, total: 13700.5 },
    ],
    ingresosPorCuenta: [
      { idCuenta: 4, cuenta: 'Oficina Aurrera', grupo: 'tizayuca', monto: 12500, cantidadPagos: 30 },
      { idCuenta: 3, cuenta: 'Oficina Pachuca', grupo: 'pachuca', monto: 4300.5, cantidadPagos: 11 },
      { idCuenta: 2, cuenta: 'Banamex Crispin', grupo: 'banco', monto: 8900, cantidadPagos: 20 },
    ],
    gastosPorCategoria: [
      { idGasto: 1, categoria: 'Renta', monto: 6000, cantidad: 1 },
      { idGasto: 2, categoria: 'Luz', monto: 1450.25, cantidad: 2 },
    ],
    totalGastos: 7450.25,
    resultadoNeto: 18250.25,
    ajustes: {
      monto: 900,
      cantidadPagos: 3,
      porCuenta: [{ idCuenta: 8, cuenta: 'Ajuste de Fecha (efectivo)', monto: 900, cantidadPagos: 3 }],
    },
    ...overrides,
  };
}
