import type { Paged } from '@airlink/domain';
import type { Expense, ExpenseCategory } from '@airlink/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, gastos } from '../src/db/schema';
import { createMoneyTestApp, type MoneyTestApp } from './money-fixtures';

/** Thursday 15 October 2026, 21:00 in Mexico City: already Friday 16 in UTC. */
const THURSDAY_EVENING = new Date('2026-10-16T03:00:00Z');
let now = THURSDAY_EVENING;

let m: MoneyTestApp;
beforeAll(async () => {
  m = await createMoneyTestApp(() => now);
});
afterEach(() => {
  now = THURSDAY_EVENING;
});
afterAll(() => m?.t.close());

const URL = '/api/MovimientoFinancieroGasto';

async function create(body: Record<string, unknown>): Promise<Expense> {
  const res = await m.call('POST', URL, 16, {
    monto: 100,
    descripcion: 'Gasto de prueba',
    idGasto: 10,
    idCuenta: 4,
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function list(query: string): Promise<Paged<Expense>> {
  const res = await m.call('GET', `${URL}?${query}`, 16);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('access levels', () => {
  it('categories and expenses need a session and level 16', async () => {
    const routes: Array<['GET' | 'POST', string, unknown?]> = [
      ['GET', '/api/MovimientoFinancieroCategoria'],
      ['GET', URL],
      ['POST', URL, {}],
    ];
    for (const [method, url, payload] of routes) {
      expect((await m.call(method, url, null, payload)).statusCode, url).toBe(401);
      expect((await m.call(method, url, 10, payload)).statusCode, url).toBe(403);
    }
    expect((await m.call('GET', URL, 16)).statusCode).toBe(200);
    expect((await m.call('POST', URL, 16, {})).statusCode).toBe(400);
    expect(await m.t.database.db.select().from(gastos)).toHaveLength(0);
  });
});

describe('GET /api/MovimientoFinancieroCategoria', () => {
  it('lists the categories with their icons', async () => {
    const res = await m.call('GET', '/api/movimientofinancierocategoria', 16);
    const categories: ExpenseCategory[] = res.json();
    expect(categories).toHaveLength(10);
    expect(categories[0]).toEqual({ id: 1, nombre: 'Renta', icono: 'Home' });
  });
});

describe('POST /api/MovimientoFinancieroGasto', () => {
  it('records an expense sent with the spec field names, returns it with its id and names, and audits it', async () => {
    const res = await m.call('POST', URL, 16, {
      Monto: '1250.50',
      Descripcion: 'Recibo de luz',
      IdGasto: 2,
      IdCuenta: 3,
      FechaRealizacion: '2026-10-10T00:00:00',
      Nota: 'Bimestre sep-oct',
      EsGasto: true,
    });
    expect(res.statusCode, res.body).toBe(201);
    const e: Expense = res.json();
    expect(e).toMatchObject({
      id: expect.any(Number),
      monto: 1250.5,
      descripcion: 'Recibo de luz',
      idGasto: 2,
      categoriaNombre: 'Luz',
      idCuenta: 3,
      cuentaNombre: 'Oficina Pachuca',
      fechaRealizacion: '2026-10-10',
      estadoPago: 'Pagado',
      nota: 'Bimestre sep-oct',
      esGasto: true,
      creadoPor: 'Carla Cajera',
    });
    const [audit] = await m.t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'expense'), eq(auditLog.entityId, String(e.id))));
    expect(audit).toMatchObject({ action: 'create', after: expect.objectContaining({ monto: 1250.5 }) });
  });

  it('without dates it was paid today (the business date, not the UTC one)', async () => {
    const e = await create({ descripcion: 'Sin fechas' });
    expect(e).toMatchObject({ estadoPago: 'Pagado', fechaRealizacion: '2026-10-15', fechaPagoProgramada: null });
  });

  it('scheduled in the future it is pending; pending without a date is scheduled 30 days ahead', async () => {
    const scheduled = await create({ descripcion: 'Renta noviembre', fechaPagoProgramada: '2026-11-01' });
    expect(scheduled).toMatchObject({
      estadoPago: 'Pendiente',
      fechaRealizacion: null,
      fechaPagoProgramada: '2026-11-01',
    });
    const pending = await create({ descripcion: 'Pendiente sin fecha', estadoPago: 'Pendiente' });
    expect(pending).toMatchObject({
      estadoPago: 'Pendiente',
      fechaRealizacion: null,
      fechaPagoProgramada: '2026-11-14',
    });
    // A scheduled date that is today or past, with nothing else: it was paid today.
    const due = await create({ descripcion: 'Programado hoy', fechaPagoProgramada: '2026-10-15' });
    expect(due).toMatchObject({ estadoPago: 'Pagado', fechaRealizacion: '2026-10-15' });
  });

  it('refuses bad input with Spanish messages per field and stores nothing', async () => {
    const before = (await m.t.database.db.select().from(gastos)).length;
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ monto: 0 }, 'monto', 'El monto debe ser mayor a 0'],
      [{ monto: 10.555 }, 'monto', 'El monto: usa como máximo dos decimales'],
      [{ monto: 'cien' }, 'monto', 'El monto debe ser un número'],
      [{ descripcion: '  ' }, 'descripcion', 'La descripción es obligatoria'],
      [{ idGasto: 999 }, 'idGasto', 'La categoría no existe; elige una de la lista'],
      [{ idCuenta: 77 }, 'idCuenta', 'La cuenta no existe o está desactivada; elige una de la lista'],
      [{ idCuenta: 8 }, 'idCuenta', 'Las cuentas de ajuste no registran gastos; elige una oficina o un banco'],
      [
        { fechaRealizacion: '2026-10-16' },
        'fechaRealizacion',
        'La fecha de pago no puede ser posterior a hoy; para un pago futuro usa la fecha programada',
      ],
      [
        { fechaRealizacion: '2026-10-01', estadoPago: 'Pendiente' },
        'estadoPago',
        'Un gasto con fecha de pago está pagado; quita la fecha de pago o marca el gasto como Pagado',
      ],
      [{ fechaPagoProgramada: '2026-13-01' }, 'fechaPagoProgramada', 'La fecha programada no es válida'],
    ];
    for (const [over, field, message] of cases) {
      const res = await m.call('POST', URL, 16, { monto: 100, descripcion: 'x', idGasto: 1, idCuenta: 4, ...over });
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json().details[field], JSON.stringify(over)).toEqual([message]);
    }
    const both = await m.call('POST', URL, 16, { monto: 100, descripcion: 'x', idGasto: 999, idCuenta: 999 });
    expect(both.json().message).toBe('No se pudo guardar el gasto: La categoría no existe; elige una de la lista.');
    expect(Object.keys(both.json().details)).toEqual(['idGasto', 'idCuenta']);
    expect(await m.t.database.db.select().from(gastos)).toHaveLength(before);
  });
});

describe('GET /api/MovimientoFinancieroGasto', () => {
  beforeAll(async () => {
    await m.t.database.db.delete(gastos);
    await create({
      descripcion: 'Gasolina camioneta',
      idGasto: 5,
      idCuenta: 4,
      monto: 800,
      fechaRealizacion: '2026-09-20',
    });
    await create({ descripcion: 'Cable UTP', idGasto: 6, idCuenta: 2, monto: 1500, fechaRealizacion: '2026-10-05' });
    await create({
      descripcion: 'Instalación eléctrica',
      idGasto: 8,
      idCuenta: 3,
      monto: 600,
      fechaRealizacion: '2026-10-12',
    });
    await create({
      descripcion: 'Renta local',
      idGasto: 1,
      idCuenta: 4,
      monto: 5000,
      fechaPagoProgramada: '2026-11-01',
    });
    // Scheduled for a date that has passed and still unpaid: shown as Atrasado.
    await create({
      descripcion: 'Predial',
      idGasto: 9,
      idCuenta: 4,
      monto: 900,
      fechaPagoProgramada: '2026-10-01',
      estadoPago: 'Pendiente',
    });
  });

  it('pages newest first by the paid (or scheduled) date, with category and account names', async () => {
    const first = await list('page=0&pageSize=2');
    expect(first.total).toBe(5);
    expect(first.items.map((e) => e.descripcion)).toEqual(['Renta local', 'Instalación eléctrica']);
    const rest = await list('page=1&pageSize=2');
    expect(rest.items.map((e) => e.descripcion)).toEqual(['Cable UTP', 'Predial']);
    expect(rest.items[0]).toMatchObject({ categoriaNombre: 'Equipo y refacciones', cuentaNombre: 'Banamex Crispin' });
  });

  it('filters by category, account, status, dates and text (accents and case ignored)', async () => {
    const names = async (q: string) => (await list(q)).items.map((e) => e.descripcion);
    expect(await names('idGasto=5')).toEqual(['Gasolina camioneta']);
    expect(await names('idCuenta=4')).toEqual(['Renta local', 'Predial', 'Gasolina camioneta']);
    expect(await names('estadoPago=Pendiente')).toEqual(['Renta local']);
    expect(await names('estadoPago=Atrasado')).toEqual(['Predial']);
    expect(await names('estadoPago=Pagado')).toEqual(['Instalación eléctrica', 'Cable UTP', 'Gasolina camioneta']);
    expect(await names('desde=2026-10-01&hasta=2026-10-12')).toEqual(['Instalación eléctrica', 'Cable UTP', 'Predial']);
    expect(await names('q=ELECTRICA')).toEqual(['Instalación eléctrica']);
    expect(await names('q=refacciones')).toEqual(['Cable UTP']); // the category name
    expect(await names('q=_')).toEqual([]); // '_' is text, not a LIKE wildcard
    const atrasado = (await list('estadoPago=Atrasado')).items[0]!;
    expect(atrasado.estadoPago).toBe('Atrasado');
    const bad = await m.call('GET', `${URL}?estadoPago=Cancelado`, 16);
    expect(bad.statusCode).toBe(400);
  });
});
