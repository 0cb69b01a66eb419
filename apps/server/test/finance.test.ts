import type { Paged } from '@airlink/domain';
import type { DueContractItem, FinanceReport, FinancialData } from '@airlink/domain';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { categoriasGasto, gastos } from '../src/db/schema';
import { createMoneyTestApp, type MoneyTestApp } from './money-fixtures';

/** Thursday 15 October 2026, 12:00 in Mexico City (UTC-6). Tests move it and put it back. */
const THURSDAY_NOON = new Date('2026-10-15T18:00:00Z');
let now = THURSDAY_NOON;

let m: MoneyTestApp;
beforeAll(async () => {
  m = await createMoneyTestApp(() => now);
  // Income of the summaries and the report; the customer is paid far ahead, so never overdue.
  const c = await m.contract({ pagadoHasta: '2027-12-31' });
  const pay = (idCuenta: number, monto: number, fechaPago: string) =>
    m.payment({ contratoId: c, idCuenta, monto, fechaPago });
  await pay(4, 300, '2026-10-15T16:00:00Z'); // Tizayuca, today 10:00
  await pay(4, 500, '2026-10-15T05:30:00Z'); // Tizayuca, 14 Oct 23:30 local (15 Oct in UTC)
  await pay(4, 300, '2026-10-14T15:00:00Z'); // Tizayuca, 14 Oct
  await pay(3, 1200, '2026-10-15T17:00:00Z'); // Pachuca, today
  await pay(2, 250.5, '2026-10-13T16:00:00Z'); // bank (Banamex Crispin), 13 Oct
  await pay(6, 100.25, '2026-10-13T20:00:00Z'); // bank (Banamex Airlink), 13 Oct
  await pay(8, 9999, '2026-10-15T16:30:00Z'); // adjustment: never income
  await pay(4, 100, '2026-09-15T06:30:00Z'); // 15 Sep 00:30 local: the oldest of the 31 days
  await pay(4, 700, '2026-09-14T18:00:00Z'); // 14 Sep: before the 31 days, but in September
  await pay(3, 1000, '2025-11-01T18:00:00Z'); // first of the 12 months
  await pay(3, 4000, '2025-11-01T05:00:00Z'); // 31 Oct 2025 23:00 local: before the 12 months
});
afterEach(() => {
  now = THURSDAY_NOON;
});
afterAll(() => m?.t.close());

describe('access levels', () => {
  it('summaries and overdue services need level 10; the report needs level 20', async () => {
    const routes: Array<[string, number]> = [
      ['/api/WeatherForecast/financial', 10],
      ['/api/WeatherForecast/financial/pagosTizayuca', 10],
      ['/api/contratos/getduecontractsservices', 10],
      ['/api/finanzas/reporte?desde=2026-10-01&hasta=2026-10-02', 20],
      ['/api/finanzas/reporte.csv?desde=2026-10-01&hasta=2026-10-02', 20],
    ];
    for (const [url, level] of routes) {
      expect((await m.call('GET', url, null)).statusCode, url).toBe(401);
      const below = level === 20 ? 18 : 5;
      const res = await m.call('GET', url, below);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().message).toBe('No tienes permiso para realizar esta acción.');
      expect((await m.call('GET', url, level)).statusCode, url).toBe(200);
    }
  });
});

describe('GET /api/WeatherForecast/financial', () => {
  it('sums payments per business date (Mexico City) and group, newest first, without adjustments', async () => {
    const res = await m.call('GET', '/api/weatherforecast/FINANCIAL', 10);
    expect(res.statusCode).toBe(200);
    const { data }: { data: FinancialData } = res.json();
    expect(data.EfectivoTizayuca).toEqual([
      { fecha: '2026-10-15', cantidadPagos: 1, monto: 300 },
      { fecha: '2026-10-14', cantidadPagos: 2, monto: 800 },
      { fecha: '2026-09-15', cantidadPagos: 1, monto: 100 },
    ]);
    expect(data.EfectivoPachuca).toEqual([{ fecha: '2026-10-15', cantidadPagos: 1, monto: 1200 }]);
    expect(data.IngresoBanco).toEqual([{ fecha: '2026-10-13', cantidadPagos: 2, monto: 350.75 }]);
    expect(data.PagosMensualTotales).toEqual([
      { fecha: '2026-10', cantidadPagos: 6, monto: 2650.75 },
      { fecha: '2026-09', cantidadPagos: 2, monto: 800 },
      { fecha: '2025-11', cantidadPagos: 1, monto: 1000 },
    ]);
  });

  it('pagosTizayuca has only the two cash offices', async () => {
    const res = await m.call('GET', '/api/WeatherForecast/financial/pagosTizayuca', 10);
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(Object.keys(data).sort()).toEqual(['EfectivoPachuca', 'EfectivoTizayuca']);
    expect(data.EfectivoTizayuca[0]).toEqual({ fecha: '2026-10-15', cantidadPagos: 1, monto: 300 });
  });

  it('moves with the business date: the next morning the window starts a day later', async () => {
    now = new Date('2026-10-16T14:00:00Z'); // Friday 16 Oct, 08:00 local
    const { data }: { data: FinancialData } = (await m.call('GET', '/api/WeatherForecast/financial', 10)).json();
    expect(data.EfectivoTizayuca.map((r) => r.fecha)).toEqual(['2026-10-15', '2026-10-14']);
  });

  it('puts payments either side of a local midnight in their own day and month (summaries and report)', async () => {
    now = new Date('2027-03-10T18:00:00Z'); // Wednesday 10 March 2027, 12:00 local (after every other payment here)
    const c = await m.contract({ pagadoHasta: '2028-12-31' });
    const pay = (idCuenta: number, monto: number, fechaPago: string) =>
      m.payment({ contratoId: c, idCuenta, monto, fechaPago });
    await pay(4, 111, '2027-03-01T05:30:00Z'); // Sunday 28 Feb 23:30 local (1 Mar in UTC)
    await pay(4, 222, '2027-03-01T06:00:00Z'); // 1 Mar 00:00 local: the first instant of the day and the month
    await pay(4, 333, '2027-03-01T06:30:00Z'); // 1 Mar 00:30 local
    await pay(2, 50, '2027-03-02T05:59:59.999Z'); // 1 Mar 23:59:59.999 local, bank

    const { data }: { data: FinancialData } = (await m.call('GET', '/api/WeatherForecast/financial', 10)).json();
    expect(data.EfectivoTizayuca).toEqual([
      { fecha: '2027-03-01', cantidadPagos: 2, monto: 555 },
      { fecha: '2027-02-28', cantidadPagos: 1, monto: 111 },
    ]);
    expect(data.IngresoBanco).toEqual([{ fecha: '2027-03-01', cantidadPagos: 1, monto: 50 }]);
    expect(data.PagosMensualTotales.slice(0, 3)).toEqual([
      { fecha: '2027-03', cantidadPagos: 3, monto: 605 },
      { fecha: '2027-02', cantidadPagos: 1, monto: 111 },
      { fecha: '2026-10', cantidadPagos: 6, monto: 2650.75 },
    ]);

    const report: FinanceReport = (
      await m.call('GET', '/api/finanzas/reporte?desde=2027-02-28&hasta=2027-03-01', 20)
    ).json();
    expect(report.ingresosPorDia).toEqual([
      { fecha: '2027-02-28', tizayuca: 111, pachuca: 0, banco: 0, total: 111 },
      { fecha: '2027-03-01', tizayuca: 555, pachuca: 0, banco: 50, total: 605 },
    ]);
    // A range starting on 1 March leaves the 23:30 payment of the day before out.
    const march: FinanceReport = (
      await m.call('GET', '/api/finanzas/reporte?desde=2027-03-01&hasta=2027-03-01', 20)
    ).json();
    expect(march.ingresos).toEqual({ tizayuca: 555, pachuca: 0, banco: 50, total: 605, cantidadPagos: 3 });
  });
});

describe('GET /api/contratos/getduecontractsservices', () => {
  it('lists active contracts past their cut-off date, most late first, with their latest payment, paged', async () => {
    now = new Date('2026-11-19T18:00:00Z'); // Thursday 19 Nov 2026 (Monday 16 was a federal holiday)
    const late = await m.contract({ nombre: 'Ana Atrasada', pagadoHasta: '2026-08-01' });
    await m.payment({
      contratoId: late,
      idCuenta: 9,
      monto: 300,
      fechaPago: '2024-06-01T18:00:00Z',
      fechaFinalizacion: '2026-07-01',
      nota: 'anterior',
    });
    const latest = await m.payment({
      contratoId: late,
      idCuenta: 9,
      monto: 300,
      fechaPago: '2024-07-01T18:00:00Z',
      fechaFinalizacion: '2026-08-01',
      nota: 'último',
    });
    const cut = await m.contract({ nombre: 'Beto Cortado', pagadoHasta: '2026-10-01', cortado: true });
    const thursday = await m.contract({ nombre: 'Carla Jueves', pagadoHasta: '2026-11-12' });
    await m.contract({ nombre: 'Dora Viernes', pagadoHasta: '2026-11-13' }); // cut-off pushed to 19 Nov by the holiday
    await m.contract({ nombre: 'Eva Domingo', pagadoHasta: '2026-11-15' });
    await m.contract({ nombre: 'Fede Cancelado', pagadoHasta: '2026-01-01', activo: false });

    const res = await m.call('GET', '/api/contratos/getduecontractsservices?page=0&pageSize=2', 10);
    expect(res.statusCode, res.body).toBe(200);
    const first: Paged<DueContractItem> = res.json();
    expect(first.total).toBe(3);
    expect(first.items.map((i) => i.nombreCliente)).toEqual(['Ana Atrasada', 'Beto Cortado']);
    expect(first.items[0]).toMatchObject({
      id: latest,
      clienteId: late,
      fechaInicio: '2026-01-06',
      fechaFinalizacion: '2026-08-01',
      nota: 'último',
      monto: 300,
      diasRetraso: 110,
      mesesRetraso: 3,
      fechaCorte: '2026-08-05', // 1 Aug is a Saturday
      cortado: false,
    });
    expect(first.items[0]!.fechaCreacion).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(first.items[0]!.idcliente).toMatch(/^26 {4}AnaAtrasadaAvJuarez\d+Centro$/);
    expect(first.items[1]).toMatchObject({ clienteId: cut, cortado: true });

    const second: Paged<DueContractItem> = (
      await m.call('GET', '/api/contratos/getduecontractsservices?page=1&pageSize=2', 10)
    ).json();
    expect(second.total).toBe(3);
    expect(second.items).toEqual([
      expect.objectContaining({
        id: 0,
        clienteId: thursday,
        fechaInicio: null,
        nota: '',
        fechaCreacion: null,
        fechaCorte: '2026-11-18',
        diasRetraso: 7,
      }),
    ]);
  });

  it('validates paging in Spanish', async () => {
    const res = await m.call('GET', '/api/contratos/getduecontractsservices?pageSize=500', 10);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('validation');
  });
});

describe('GET /api/finanzas/reporte', () => {
  beforeAll(async () => {
    const expense = async (body: Record<string, unknown>) => {
      const res = await m.call('POST', '/api/MovimientoFinancieroGasto', 16, {
        idCuenta: 4,
        descripcion: 'Gasto',
        ...body,
      });
      expect(res.statusCode, res.body).toBe(201);
    };
    await expense({ monto: 5000, idGasto: 1, fechaRealizacion: '2026-10-14' }); // Renta
    await expense({ monto: 350.4, idGasto: 2, fechaRealizacion: '2026-10-15' }); // Luz
    await expense({ monto: 100, idGasto: 2, fechaRealizacion: '2026-10-01' }); // before the range
    await expense({ monto: 200, idGasto: 1, fechaRealizacion: '2026-10-14', esGasto: false }); // not an expense
    await expense({ monto: 900, idGasto: 1, fechaPagoProgramada: '2026-10-30' }); // not paid yet
    const [evil] = await m.t.database.db
      .insert(categoriasGasto)
      .values({ nombre: '=HYPERLINK("http://x.mx","clic")' })
      .returning();
    await m.t.database.db
      .insert(gastos)
      .values({ idGasto: evil!.id, idCuenta: 2, monto: 10, fechaRealizacion: '2026-10-13', estadoPago: 'Pagado' });
  });

  it('sums income per group, day and account, expenses per category, the net result and adjustments apart', async () => {
    const res = await m.call('GET', '/api/finanzas/reporte?desde=2026-10-12&hasta=2026-10-15', 20);
    expect(res.statusCode, res.body).toBe(200);
    const r: FinanceReport = res.json();
    expect(r.ingresos).toEqual({ tizayuca: 1100, pachuca: 1200, banco: 350.75, total: 2650.75, cantidadPagos: 6 });
    expect(r.ingresosPorDia).toEqual([
      { fecha: '2026-10-12', tizayuca: 0, pachuca: 0, banco: 0, total: 0 },
      { fecha: '2026-10-13', tizayuca: 0, pachuca: 0, banco: 350.75, total: 350.75 },
      { fecha: '2026-10-14', tizayuca: 800, pachuca: 0, banco: 0, total: 800 },
      { fecha: '2026-10-15', tizayuca: 300, pachuca: 1200, banco: 0, total: 1500 },
    ]);
    expect(r.ingresosPorCuenta).toEqual([
      { idCuenta: 4, cuenta: 'Oficina Aurrera', grupo: 'tizayuca', monto: 1100, cantidadPagos: 3 },
      { idCuenta: 3, cuenta: 'Oficina Pachuca', grupo: 'pachuca', monto: 1200, cantidadPagos: 1 },
      { idCuenta: 2, cuenta: 'Banamex Crispin', grupo: 'banco', monto: 250.5, cantidadPagos: 1 },
      { idCuenta: 5, cuenta: 'Tarjeta', grupo: 'banco', monto: 0, cantidadPagos: 0 },
      { idCuenta: 6, cuenta: 'Banamex Airlink', grupo: 'banco', monto: 100.25, cantidadPagos: 1 },
      { idCuenta: 11, cuenta: 'Mercado Pago', grupo: 'banco', monto: 0, cantidadPagos: 0 },
    ]);
    expect(r.gastosPorCategoria).toEqual([
      { idGasto: 1, categoria: 'Renta', monto: 5000, cantidad: 1 },
      { idGasto: 2, categoria: 'Luz', monto: 350.4, cantidad: 1 },
      { idGasto: expect.any(Number), categoria: '=HYPERLINK("http://x.mx","clic")', monto: 10, cantidad: 1 },
    ]);
    expect(r.totalGastos).toBe(5360.4);
    expect(r.resultadoNeto).toBe(-2709.65);
    expect(r.ajustes).toEqual({
      monto: 9999,
      cantidadPagos: 1,
      porCuenta: [
        { idCuenta: 8, cuenta: 'Ajuste de Fecha (efectivo)', monto: 9999, cantidadPagos: 1 },
        { idCuenta: 9, cuenta: 'Ajuste (tarjeta)', monto: 0, cantidadPagos: 0 },
        { idCuenta: 10, cuenta: 'Ajuste (deposito)', monto: 0, cantidadPagos: 0 },
      ],
    });
  });

  it('validates the range in Spanish', async () => {
    const reversed = await m.call('GET', '/api/finanzas/reporte?desde=2026-10-15&hasta=2026-10-01', 20);
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().details.hasta).toEqual(['La fecha inicial debe ser anterior o igual a la final']);
    const missing = await m.call('GET', '/api/finanzas/reporte.csv?hasta=2026-10-01', 20);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details.desde).toEqual(['Fecha inicial inválida']);
    const tooLong = await m.call('GET', '/api/finanzas/reporte?desde=2024-01-01&hasta=2026-01-01', 20);
    expect(tooLong.json().details.hasta).toEqual(['El periodo no puede pasar de un año']);
  });

  it('downloads as CSV for Excel: BOM, Spanish headers, dot decimals, formulas neutralised', async () => {
    const res = await m.call('GET', '/api/finanzas/reporte.csv?desde=2026-10-12&hasta=2026-10-15', 20);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="airlink-finanzas-2026-10-12-2026-10-15.csv"',
    );
    const raw = res.rawPayload;
    expect([...raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = raw.subarray(3).toString('utf8').split('\r\n');
    expect(lines.slice(0, 3)).toEqual(['Reporte de finanzas AirLink', 'Desde,2026-10-12', 'Hasta,2026-10-15']);
    const at = (title: string) => lines.indexOf(title);
    expect(lines[at('Ingresos por día') + 1]).toBe('Fecha,Efectivo Tizayuca,Efectivo Pachuca,Banco,Total');
    expect(lines[at('Ingresos por día') + 2]).toBe('2026-10-12,0.00,0.00,0.00,0.00');
    expect(lines[at('Ingresos por día') + 3]).toBe('2026-10-13,0.00,0.00,350.75,350.75');
    expect(lines[at('Ingresos por cuenta') + 1]).toBe('Cuenta,Grupo,Pagos,Monto');
    expect(lines).toContain('Oficina Aurrera,Efectivo Tizayuca,3,1100.00');
    expect(lines[at('Gastos por categoría') + 1]).toBe('Categoría,Gastos,Monto');
    expect(lines).toContain(`"'=HYPERLINK(""http://x.mx"",""clic"")",1,10.00`);
    expect(lines).toContain('Ajuste de Fecha (efectivo),1,9999.00');
    expect(lines).toContain('Total de ingresos,2650.75');
    expect(lines).toContain('Total de gastos,5360.40');
    expect(lines).toContain('Resultado neto,-2709.65');
    expect(lines.some((l) => l.startsWith('='))).toBe(false);
  });
});
