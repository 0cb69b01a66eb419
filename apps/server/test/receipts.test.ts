import {
  displayId,
  type Contract,
  type PaymentResult,
  type Receipt,
  type ReceiptDetail,
  type ReconnectionItem,
  type Paged,
} from '@airlink/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contratos, movimientosBancarios } from '../src/db/schema';
import { seedBase } from '../src/db/base-data';
import { createTestApp, type TestApp } from './test-app';

let now = new Date('2026-10-15T18:00:00Z');
let t: TestApp;
const tokens: Record<number, string> = {};

let a: Contract;
let b: Contract;
/** Five payments, oldest first (see beforeAll). */
const p: PaymentResult[] = [];

async function createContract(over: Record<string, unknown>): Promise<Contract> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/contratos',
    headers: t.auth(tokens[16]!),
    payload: {
      calle: 'Av. Juárez',
      numero: '12',
      colonia: 'Centro',
      telefono: '7791234567',
      tipo: 1,
      monto: 300,
      costoInstalacion: 1300,
      fechaContratacion: '2026-09-01',
      ...over,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

let keySeq = 0;
async function payAt(iso: string, body: Record<string, unknown>, level = 16): Promise<PaymentResult> {
  now = new Date(iso);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/Pagos/registrar',
    headers: { ...t.auth(tokens[level]!), 'idempotency-key': `receipts-test-${++keySeq}` },
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

beforeAll(async () => {
  t = await createTestApp({ now: () => now });
  await seedBase(t.database.db);
  for (const [level, email] of Object.entries({
    5: 'soporte@test.mx',
    10: 'usuario@test.mx',
    16: 'cajero@test.mx',
    20: 'admin@test.mx',
  })) {
    tokens[Number(level)] = (await t.login(email)).token;
  }
  a = await createContract({ nombre: 'José Hernández Pérez', comunidad: 'Tizayuca', mac: 'aa-bb-cc-00-00-01' });
  b = await createContract({
    nombre: 'Ana Martínez Ruiz',
    colonia: 'San Javier',
    comunidad: 'Pachuca',
    mac: 'aa-bb-cc-00-00-02',
  });
  const [m] = await t.database.db
    .insert(movimientosBancarios)
    .values({
      idCuenta: 2,
      fechaRealizacion: '2026-10-15',
      monto: 383,
      referencia: 'SPEI 8001234',
      importKey: 'recibos-test-1',
    })
    .returning();
  // 23:30 on 13 October in Mexico City (already the 14th in UTC).
  p.push(await payAt('2026-10-14T05:30:00Z', { idCliente: a.id, monto: 300, idCuenta: 4 }));
  // 00:30 on 14 October in Mexico City.
  p.push(await payAt('2026-10-14T06:30:00Z', { idCliente: b.id, monto: 300, idCuenta: 3 }));
  p.push(
    await payAt('2026-10-15T18:00:00Z', {
      idCliente: a.id,
      monto: 383,
      idCuenta: 2,
      reconexion: true,
      facturar: true,
      idMovimientoFinanciero: m!.id,
    }),
  );
  p.push(
    await payAt('2026-10-16T18:00:00Z', {
      idCliente: b.id,
      monto: 330,
      idCuenta: 4,
      reconexion: true,
      nota: 'Reconexión',
    }),
  );
  // Adjustment accounts are level 20 only.
  p.push(await payAt('2026-10-17T18:00:00Z', { idCliente: a.id, monto: 600, idCuenta: 9, nota: 'Ajuste' }, 20));
});
afterAll(() => t?.close());

function get(url: string, level: number | null = 10) {
  return t.app.inject({ method: 'GET', url, headers: level === null ? {} : t.auth(tokens[level]!) });
}

async function receiptIds(query: string): Promise<{ ids: number[]; total: number }> {
  const res = await get(`/api/recibos?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as Paged<Receipt>;
  return { ids: body.items.map((r) => r.id), total: body.total };
}

const rid = (...indexes: number[]) => indexes.map((i) => p[i]!.reciboId);

describe('GET /api/recibos', () => {
  it('pages the receipts newest first', async () => {
    expect(await receiptIds('')).toEqual({ ids: rid(4, 3, 2, 1, 0), total: 5 });
    expect(await receiptIds('pageSize=2&page=1')).toEqual({ ids: rid(2, 1), total: 5 });
    expect(await receiptIds('pageSize=2&page=3')).toEqual({ ids: [], total: 5 });
  });

  it('reads desde and hasta as business dates in Mexico City', async () => {
    expect(await receiptIds('desde=2026-10-13&hasta=2026-10-13')).toEqual({ ids: rid(0), total: 1 });
    expect(await receiptIds('desde=2026-10-14&hasta=2026-10-14')).toEqual({ ids: rid(1), total: 1 });
    expect(await receiptIds('desde=2026-10-14')).toEqual({ ids: rid(4, 3, 2, 1), total: 4 });
    expect(await receiptIds('hasta=2026-10-15')).toEqual({ ids: rid(2, 1, 0), total: 3 });
  });

  it('filters by account group and by account', async () => {
    expect(await receiptIds('grupo=tizayuca')).toEqual({ ids: rid(3, 0), total: 2 });
    expect(await receiptIds('grupo=pachuca')).toEqual({ ids: rid(1), total: 1 });
    expect(await receiptIds('grupo=banco')).toEqual({ ids: rid(2), total: 1 });
    expect(await receiptIds('grupo=ajuste')).toEqual({ ids: rid(4), total: 1 });
    expect(await receiptIds('idCuenta=3')).toEqual({ ids: rid(1), total: 1 });
    expect(await receiptIds('grupo=tizayuca&desde=2026-10-15')).toEqual({ ids: rid(3), total: 1 });
  });

  it('searches the customer (every word, without accents or case) and the receipt number', async () => {
    expect(await receiptIds('q=jose%20HERNANDEZ')).toEqual({ ids: rid(4, 2, 0), total: 3 });
    expect(await receiptIds('q=martinez%20pachuca')).toEqual({ ids: rid(3, 1), total: 2 });
    expect(await receiptIds('q=martinez%20tizayuca')).toEqual({ ids: [], total: 0 });
    expect((await receiptIds(`q=${p[1]!.reciboId}`)).ids).toContain(p[1]!.reciboId);
  });

  it('counts the same total when the page is full (the count joins only the tables its filter reads)', async () => {
    const filters = [
      '',
      'desde=2026-10-14',
      'desde=2026-10-14&hasta=2026-10-15',
      'grupo=tizayuca',
      'idCuenta=3',
      'idCuenta=2&desde=2026-10-13',
      'grupo=tizayuca&desde=2026-10-15',
      'q=jose%20HERNANDEZ',
      'q=martinez%20pachuca&grupo=pachuca',
      `q=${p[1]!.reciboId}`,
    ];
    for (const q of filters) {
      const all = await receiptIds(q);
      expect(all.total, q).toBeGreaterThan(0);
      expect(await receiptIds(`${q}&pageSize=1`), q).toEqual({ ids: all.ids.slice(0, 1), total: all.total });
    }
  });

  it('refuses bad filters with a 400', async () => {
    const reversed = await get('/api/recibos?desde=2026-10-15&hasta=2026-10-14');
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().message).toMatch(/fecha inicial/);
    for (const q of ['grupo=otro', 'desde=15/10/2026', 'pageSize=101', 'page=-1']) {
      expect((await get(`/api/recibos?${q}`)).statusCode, q).toBe(400);
    }
  });
});

describe('GET /api/recibos/{id or guid}', () => {
  it('returns the print view by receipt number or guid, with the amount in words, place and cashier', async () => {
    const byNumber = await get(`/api/recibos/${p[2]!.reciboId}`, 5);
    expect(byNumber.statusCode, byNumber.body).toBe(200);
    const r = byNumber.json() as Receipt;
    expect(r).toEqual({
      id: p[2]!.reciboId,
      clienteId: a.id,
      guid: p[2]!.guid,
      idcliente: a.idcliente,
      nombre: 'José Hernández Pérez',
      direccion: 'Av. Juárez 12',
      colonia: 'Centro',
      comunidad: 'Tizayuca',
      monto: 383,
      montoLetra: 'TRESCIENTOS OCHENTA Y TRES PESOS 00/100 M.N.',
      montoContrato: 300,
      fechaPago: '2026-10-15T18:00:00.000Z',
      fechaInicio: p[2]!.fechaInicio,
      fechaFinalizacion: p[2]!.fechaFinalizacion,
      idCuenta: 2,
      cuenta: 'Banamex Crispin',
      referencia: 'SPEI 8001234',
      nota: '',
      reconexion: true,
      facturar: true,
      abono: false,
      mesesCubiertos: 1,
      saldoAFavor: 0,
      cajero: 'Carla Cajera',
      urlPortal: '',
    });
    const byGuid = await get(`/api/recibos/${p[2]!.guid.toUpperCase()}`, 5);
    expect(byGuid.json()).toEqual(r);
  });

  it('keeps the name and address printed at payment time; the display id is the current one', async () => {
    await t.database.db.update(contratos).set({ nombre: 'Josefina Hernández', no: 77 }).where(eq(contratos.id, a.id));
    try {
      const r = (await get(`/api/recibos/${p[0]!.reciboId}`, 5)).json() as Receipt;
      expect(r.nombre).toBe('José Hernández Pérez');
      const [row] = await t.database.db.select().from(contratos).where(eq(contratos.id, a.id));
      expect(r.idcliente).toBe(displayId(row!));
      expect(r.idcliente).toContain('0077');
    } finally {
      await t.database.db.update(contratos).set({ nombre: a.nombre, no: 0 }).where(eq(contratos.id, a.id));
    }
  });

  it("carries the portal's address and the PDF prints it only while customers can pay online", async () => {
    const PORTAL = 'https://pagos.airlink.mx/portal';
    const onlinePayments = async (body: Record<string, unknown>) => {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/pagos-en-linea/configuracion',
        headers: t.auth(tokens[20]!),
        payload: { publicKey: 'APP_USR-pk', urlPortal: PORTAL, ...body },
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    const id = p[2]!.reciboId;
    const portalOf = async () => ((await get(`/api/recibos/${id}`, 5)).json() as ReceiptDetail).urlPortal;
    const pdfOf = async () => (await get(`/api/recibos/${id}/pdf`, 5)).rawPayload.toString('latin1');
    const LINE = `(Paga en l\\355nea: ${PORTAL})`;
    try {
      // Switched on without an access token: nobody can pay online yet.
      await onlinePayments({ activo: true });
      expect(await portalOf()).toBe('');
      await onlinePayments({ activo: true, accessToken: 'APP_USR-token' });
      expect(await portalOf()).toBe(PORTAL);
      expect(await pdfOf()).toContain(LINE);
      // By guid too (the link printed after a payment).
      expect(((await get(`/api/recibos/${p[2]!.guid}`, 5)).json() as ReceiptDetail).urlPortal).toBe(PORTAL);
      // Switched off (the address and token stay saved): no line.
      await onlinePayments({ activo: false });
      expect(await portalOf()).toBe('');
      expect(await pdfOf()).not.toContain('Paga en l');
      // On, but no address set: no line.
      await onlinePayments({ activo: true, urlPortal: '' });
      expect(await portalOf()).toBe('');
      expect(await pdfOf()).not.toContain('Paga en l');
    } finally {
      await onlinePayments({ activo: false, urlPortal: '' });
    }
  });

  it('400 for what is neither a number nor a guid, 404 for unknown ones', async () => {
    for (const bad of ['abc', '0', '12abc', '99999999999', 'not-a-guid-0000']) {
      const res = await get(`/api/recibos/${bad}`, 5);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().error).toBe('bad_request');
    }
    expect((await get('/api/recibos/999999', 5)).statusCode).toBe(404);
    expect((await get('/api/recibos/7d1f3c52-0c1e-4a77-9d55-3f0e0a1b2c3d', 5)).statusCode).toBe(404);
  });
});

describe('GET /api/recibos/reconexiones', () => {
  it('lists reconnection receipts newest first with the difference over the monthly amount', async () => {
    const res = await get('/api/recibos/reconexiones');
    expect(res.statusCode).toBe(200);
    const body = res.json() as Paged<ReconnectionItem>;
    expect(body.total).toBe(2);
    expect(body.items).toEqual([
      {
        id: p[3]!.reciboId,
        guid: p[3]!.guid,
        clienteId: b.id,
        fechaRecibo: '2026-10-16T18:00:00.000Z',
        nombreCliente: 'Ana Martínez Ruiz',
        montoRecibo: 330,
        montoContrato: 300,
        diferencia: 30,
      },
      {
        id: p[2]!.reciboId,
        guid: p[2]!.guid,
        clienteId: a.id,
        fechaRecibo: '2026-10-15T18:00:00.000Z',
        nombreCliente: 'José Hernández Pérez',
        montoRecibo: 383,
        montoContrato: 300,
        diferencia: 83,
      },
    ]);
    const page1 = (await get('/api/recibos/reconexiones?page=1&pageSize=1')).json();
    expect(page1).toMatchObject({ total: 2, items: [{ id: p[2]!.reciboId }] });
  });
});

describe('access levels', () => {
  it('the list and reconnections need level 10; one receipt needs level 5', async () => {
    for (const url of ['/api/recibos', '/api/recibos/reconexiones', `/api/recibos/${p[0]!.reciboId}`]) {
      expect((await get(url, null)).statusCode, url).toBe(401);
    }
    expect((await get('/api/recibos', 5)).statusCode).toBe(403);
    expect((await get('/api/recibos/reconexiones', 5)).statusCode).toBe(403);
    expect((await get('/api/recibos', 10)).statusCode).toBe(200);
    expect((await get('/api/recibos/reconexiones', 10)).statusCode).toBe(200);
    expect((await get(`/api/recibos/${p[0]!.reciboId}`, 5)).statusCode).toBe(200);
    expect((await get(`/api/recibos/${p[0]!.guid}`, 5)).statusCode).toBe(200);
  });
});
