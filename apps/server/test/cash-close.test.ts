import type { Paged } from '@airlink/domain';
import { randomUUID } from 'node:crypto';
import type { CashCloseItem, CashDay } from '@airlink/domain';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, cortesCaja, pagos } from '../src/db/schema';
import { createMoneyTestApp, type MoneyTestApp } from './money-fixtures';

/** Thursday 15 October 2026, 12:00 in Mexico City (UTC-6). */
const now = new Date('2026-10-15T18:00:00Z');

let m: MoneyTestApp;
let customer: number;
beforeAll(async () => {
  m = await createMoneyTestApp(() => now);
  customer = await m.contract({ pagadoHasta: '2026-10-14' });
  const pay = (idCuenta: number, monto: number, fechaPago: string) =>
    m.payment({ contratoId: customer, idCuenta, monto, fechaPago });
  await pay(4, 300, '2026-10-15T15:00:00Z'); // Aurrera, today 09:00
  await pay(4, 450.5, '2026-10-15T17:30:00Z'); // Aurrera, today 11:30
  await pay(4, 999, '2026-10-15T05:30:00Z'); // Aurrera, 14 Oct 23:30 local (15 Oct in UTC)
  await pay(3, 700, '2026-10-15T16:00:00Z'); // Pachuca, today
  await pay(2, 100, '2026-10-15T16:00:00Z'); // bank, today
});
afterAll(() => m?.t.close());

const day = async (idCuenta: number, fecha: string): Promise<CashDay> => {
  const res = await m.call('GET', `/api/cortes-caja/dia?idCuenta=${idCuenta}&fecha=${fecha}`, 16);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const close = (body: Record<string, unknown>, level = 16) => m.call('POST', '/api/cortes-caja', level, body);
let keySeq = 0;
const registerPayment = (idCuenta: number) =>
  m.t.app.inject({
    method: 'POST',
    url: '/api/Pagos/registrar',
    headers: { ...m.t.auth(m.tokens[16]!), 'idempotency-key': `cash-close-test-${++keySeq}` },
    payload: { idCliente: customer, monto: 300, idCuenta },
  });
const auditOf = (id: number) =>
  m.t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'cash_close'), eq(auditLog.entityId, String(id))))
    .orderBy(asc(auditLog.id));

describe('access levels', () => {
  it('the day, closing and the list need level 16; reopening needs level 20', async () => {
    const routes: Array<['GET' | 'POST', string, number, unknown?]> = [
      ['GET', '/api/cortes-caja/dia?idCuenta=4&fecha=2026-10-15', 16],
      ['GET', '/api/cortes-caja', 16],
      ['POST', '/api/cortes-caja', 16, { idCuenta: 4, fecha: '2026-10-15', contado: -1 }],
      ['POST', '/api/cortes-caja/999999/reabrir', 20],
    ];
    for (const [method, url, level, payload] of routes) {
      expect((await m.call(method, url, null, payload)).statusCode, url).toBe(401);
      const below = level === 20 ? [16, 17, 18] : [5, 10];
      for (const l of below) expect((await m.call(method, url, l, payload)).statusCode, `${url} ${l}`).toBe(403);
      expect((await m.call(method, url, level, payload)).statusCode, url).not.toBe(403);
    }
  });
});

describe('GET /api/cortes-caja/dia', () => {
  it('adds up the office payments of the business date in Mexico City', async () => {
    expect(await day(4, '2026-10-15')).toEqual({
      idCuenta: 4,
      cuenta: 'Oficina Aurrera',
      fecha: '2026-10-15',
      esperado: 750.5,
      cantidadPagos: 2,
      cerrado: false,
      corte: null,
    });
    expect(await day(4, '2026-10-14')).toMatchObject({ esperado: 999, cantidadPagos: 1 });
    expect(await day(3, '2026-10-15')).toMatchObject({ esperado: 700, cantidadPagos: 1 });
  });

  it('only the two cash offices have a close, and the date must be valid', async () => {
    const bank = await m.call('GET', '/api/cortes-caja/dia?idCuenta=2&fecha=2026-10-15', 16);
    expect(bank.statusCode).toBe(400);
    expect(bank.json().details.idCuenta).toEqual([
      'Solo las oficinas de efectivo (Aurrera y Pachuca) tienen corte de caja',
    ]);
    const badDate = await m.call('GET', '/api/cortes-caja/dia?idCuenta=4&fecha=2026-02-30', 16);
    expect(badDate.json().details.fecha).toEqual(['Fecha inválida']);
  });
});

describe('closing and reopening a day', () => {
  it('validates the counted cash and refuses a day that has not come yet', async () => {
    const negative = await close({ idCuenta: 4, fecha: '2026-10-15', contado: -5 });
    expect(negative.statusCode).toBe(400);
    expect(negative.json().details.contado).toEqual(['El efectivo contado no puede ser negativo']);
    const future = await close({ idCuenta: 4, fecha: '2026-10-16', contado: 0 });
    expect(future.statusCode).toBe(400);
    expect(future.json().details.fecha).toEqual(['La fecha del corte no puede ser posterior a hoy']);
    expect(await m.t.database.db.select().from(cortesCaja)).toHaveLength(0);
  });

  it('closes with the expected cash computed on the server, refuses a second close, reopens (20) and closes again', async () => {
    // The client's idea of the expected cash is ignored: the server sums the payments.
    const res = await close({ IdCuenta: 4, Fecha: '2026-10-15', Contado: '700', Nota: 'Faltan 50.50', esperado: 1 });
    expect(res.statusCode, res.body).toBe(201);
    const closed: CashDay = res.json();
    expect(closed).toMatchObject({ esperado: 750.5, cantidadPagos: 2, cerrado: true });
    expect(closed.corte).toEqual({
      id: expect.any(Number),
      esperado: 750.5,
      contado: 700,
      diferencia: -50.5,
      nota: 'Faltan 50.50',
      cerradoPor: 'Carla Cajera',
      cerradoEn: '2026-10-15T18:00:00.000Z',
      reabiertoPor: null,
      reabiertoEn: null,
    });
    const id = closed.corte!.id;
    expect(await day(4, '2026-10-15')).toMatchObject({ cerrado: true, corte: { id, contado: 700 } });

    // Cash payments at that office are refused now; the other office still takes them.
    const refused = await registerPayment(4);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().error).toBe('cash_day_closed');
    expect((await registerPayment(3)).statusCode).toBe(201);

    const again = await close({ idCuenta: 4, fecha: '2026-10-15', contado: 750.5 });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      error: 'already_closed',
      message: expect.stringContaining('Oficina Aurrera del 15/10/2026 ya está cerrada'),
    });

    expect((await m.call('POST', `/api/cortes-caja/${id}/reabrir`, 18)).statusCode).toBe(403);
    const reopened = await m.call('POST', `/api/cortes-caja/${id}/reabrir`, 20);
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect(reopened.json()).toMatchObject({
      cerrado: false,
      corte: { id, reabiertoPor: 'Adriana Admin', reabiertoEn: '2026-10-15T18:00:00.000Z' },
    });
    const twice = await m.call('POST', `/api/cortes-caja/${id}/reabrir`, 20);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toBe('not_closed');
    expect((await m.call('POST', '/api/cortes-caja/999999/reabrir', 20)).statusCode).toBe(404);

    // Reopened: the office takes cash again; the next close counts that payment too.
    const accepted = await registerPayment(4);
    expect(accepted.statusCode, accepted.body).toBe(201);
    const reclosed = await close({ idCuenta: 4, fecha: '2026-10-15', contado: 1050.5, nota: 'Cuadra' });
    expect(reclosed.statusCode, reclosed.body).toBe(201);
    expect(reclosed.json()).toMatchObject({
      esperado: 1050.5,
      cantidadPagos: 3,
      cerrado: true,
      corte: {
        id,
        esperado: 1050.5,
        contado: 1050.5,
        diferencia: 0,
        nota: 'Cuadra',
        reabiertoPor: null,
        reabiertoEn: null,
      },
    });
    // One row per office and day; the history is in the audit log.
    expect(await m.t.database.db.select().from(cortesCaja).where(eq(cortesCaja.idCuenta, 4))).toHaveLength(1);
    const history = await auditOf(id);
    expect(history.map((a) => a.action)).toEqual(['close', 'reopen', 'reclose']);
    expect(history[0]!.after).toMatchObject({ esperado: 750.5, contado: 700, diferencia: -50.5 });
    expect(history[2]!.before).toMatchObject({ contado: 700, reabiertoPor: expect.any(Number) });
  });

  it('a payment in flight when the close starts is counted: the close waits for it', async () => {
    let inserted!: () => void;
    const isInserted = new Promise<void>((resolve) => (inserted = resolve));
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    // A payment transaction that has inserted its row (locking the office's account KEY SHARE) and not committed yet.
    const paying = m.t.database.db.transaction(async (tx) => {
      await tx.insert(pagos).values({
        guid: randomUUID(),
        contratoId: customer,
        fechaPago: new Date('2026-10-13T16:00:00Z'),
        fechaInicio: '2026-10-15',
        fechaFinalizacion: '2026-11-14',
        monto: 123.45,
        montoBase: 123.45,
        idCuenta: 3,
      });
      inserted();
      await gate;
    });
    await isInserted;
    const closing = close({ idCuenta: 3, fecha: '2026-10-13', contado: 123.45 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    release();
    await paying;
    const res = await closing;
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      esperado: 123.45,
      cantidadPagos: 1,
      corte: { esperado: 123.45, diferencia: 0 },
    });
  });

  it('a past day can be closed late; the list is newest first and filters by office', async () => {
    expect((await close({ idCuenta: 4, fecha: '2026-10-14', contado: 1000 })).json().corte).toMatchObject({
      esperado: 999,
      diferencia: 1,
    });
    expect((await close({ idCuenta: 3, fecha: '2026-10-15', contado: 1000 })).statusCode).toBe(201);

    const res = await m.call('GET', '/api/cortes-caja?page=0&pageSize=2', 16);
    expect(res.statusCode).toBe(200);
    const page: Paged<CashCloseItem> = res.json();
    expect(page.total).toBe(4);
    expect(page.items.map((c) => [c.cuenta, c.fecha])).toEqual([
      ['Oficina Pachuca', '2026-10-15'],
      ['Oficina Aurrera', '2026-10-15'],
    ]);
    expect(page.items[0]).toMatchObject({
      esperado: 1000,
      contado: 1000,
      diferencia: 0,
      cerrado: true,
      cerradoPor: 'Carla Cajera',
    });
    const pachuca: Paged<CashCloseItem> = (await m.call('GET', '/api/cortes-caja?idCuenta=3', 16)).json();
    expect(pachuca.items.map((c) => [c.idCuenta, c.fecha])).toEqual([
      [3, '2026-10-15'],
      [3, '2026-10-13'],
    ]);
  });
});
