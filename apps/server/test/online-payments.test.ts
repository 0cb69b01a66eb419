import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { MERCADOPAGO_ACCOUNT_ID } from '@airlink/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contratos, notifications, pagos, pagosEnLinea, portalSessions } from '../src/db/schema';
import { startFakeMercadoPago, type FakeMercadoPago } from '../src/demo/fakes/mercadopago/fake-server';
import type { FakeEvolutionServer } from '../src/demo/fakes/evolution/fake-server';
import { buildDemoRouterSeed, startFakeRouterOs, type FakeRouterOs } from '../src/demo/fakes/routeros/fake-server';
import { startDepartmentInstance } from './evolution-fixtures';
import { createMoneyTestApp, type MoneyTestApp } from './money-fixtures';
import { freePort } from './test-app';

/**
 * Paying online with Mercado Pago (issue 24, parts 3 to 5) against the fake Mercado Pago: intents, signed
 * notifications (valid, forged, stale, missing, duplicated, out of order), amounts and currencies, pending then
 * approved, rejected, expired, refunds, the lookup job, Mercado Pago down or slow, and a cut customer reconnected.
 * One running clock for the app and the fake (the fake signs with it), started on a business day, Wednesday
 * 25 November 2026 at 10:00 in Mexico, so the cut run below never meets a weekend whatever day the suite runs.
 */
const SHIFT_MS = Date.parse('2026-11-25T16:00:00Z') - Date.now();
const clockMs = () => Date.now() + SHIFT_MS;
const clock = () => new Date(clockMs());
const SECRET = 'whsec-test-secret';
const TOKEN = 'APP_USR-test-token';
let m: MoneyTestApp;
let mp: FakeMercadoPago;
let evo: FakeEvolutionServer;
let router: FakeRouterOs;
let base: string;

async function portalCookie(contratoId: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await m.t.database.db.insert(portalSessions).values({
    contratoId,
    tokenHash: createHash('sha256').update(token).digest('hex'),
    expiresAt: new Date(clockMs() + 86_400_000),
  });
  return token;
}

const portal = (method: 'GET' | 'POST', url: string, cookie: string, payload?: object) =>
  m.t.app.inject({ method, url, cookies: { airlink_portal: cookie }, ...(payload ? { payload } : {}) });

async function intentFor(cookie: string, meses = 1) {
  const res = await portal('POST', '/api/portal/pagos', cookie, { meses });
  expect(res.statusCode, res.body).toBe(201);
  const { id, urlPago } = res.json() as { id: string; urlPago: string };
  const prefId = new URL(urlPago).searchParams.get('pref_id')!;
  return { id, prefId };
}

const intentRow = async (id: string) =>
  (await m.t.database.db.select().from(pagosEnLinea).where(eq(pagosEnLinea.id, id)))[0]!;
const paymentsOf = (contratoId: number) => m.t.database.db.select().from(pagos).where(eq(pagos.contratoId, contratoId));
const contract = async (id: number) => (await m.t.database.db.select().from(contratos).where(eq(contratos.id, id)))[0]!;

function signed(dataId: string, ts = Math.floor(clockMs() / 1000), secret = SECRET) {
  const requestId = randomUUID();
  const v1 = createHmac('sha256', secret).update(`id:${dataId};request-id:${requestId};ts:${ts};`).digest('hex');
  return { 'x-request-id': requestId, 'x-signature': `ts=${ts},v1=${v1}` };
}

let seq = 200;
const customer = (over: Partial<typeof contratos.$inferInsert> = {}) =>
  m.contract({ no: ++seq, telefono: `77180${String(seq).padStart(5, '0')}`, pagadoHasta: '2026-11-20', ...over });

beforeAll(async () => {
  mp = await startFakeMercadoPago({
    now: clock,
    webhookSecret: SECRET,
    accessToken: TOKEN,
    retry: { maxAttempts: 3, delayMs: 50 },
  });
  const instance = await startDepartmentInstance('Cobranza');
  evo = instance.fake;
  router = await startFakeRouterOs({
    identity: 'torre-pagos',
    users: [{ name: 'airlink', password: 'r0uter-s3cret' }],
    seed: buildDemoRouterSeed({ customers: 4, subnet: 23 }),
  });
  const port = await freePort();
  m = await createMoneyTestApp(clock, {
    config: {
      publicUrl: `http://127.0.0.1:${port}`,
      mercadoPago: {
        apiUrl: mp.url,
        accessToken: TOKEN,
        webhookSecret: SECRET,
        timeoutMs: 5_000,
        demoFake: false,
        demoPort: 0,
      },
    },
  });
  await instance.register(m);
  base = await m.t.listen(port);
  const on = await m.call('PUT', '/api/pagos-en-linea/configuracion', 20, { activo: true, publicKey: 'APP_USR-pk' });
  expect(on.statusCode, on.body).toBe(200);
});
afterAll(async () => {
  await m?.t.close();
  await mp?.stop();
  await evo?.stop();
  await router?.stop();
});

describe('creating an intent', () => {
  it('makes a Checkout Pro preference in MXN for months x the monthly amount, our reference and notification URL', async () => {
    const id = await customer({ monto: 350, facturar: true });
    const cookie = await portalCookie(id);
    // A tampered amount in the body is not read: the server computes it.
    const res = await portal('POST', '/api/portal/pagos', cookie, { meses: 2, monto: 1 });
    expect(res.statusCode, res.body).toBe(201);
    const { id: intentId, urlPago } = res.json();
    const pref = mp.preferences.get(new URL(urlPago).searchParams.get('pref_id')!)!;
    expect(pref).toMatchObject({
      items: [{ quantity: 1, unit_price: 812, currency_id: 'MXN' }],
      external_reference: intentId,
      notification_url: `${base}/api/pagos-en-linea/mercadopago?source_news=webhooks`,
    });
    // PUBLIC_URL is http here: no auto_return (Mercado Pago refuses it without an https success address).
    expect(pref.auto_return).toBeUndefined();
    expect((await portal('GET', `/api/portal/pagos/${intentId}`, cookie)).json()).toEqual({
      id: intentId,
      estado: 'pendiente',
      meses: 2,
      monto: 812,
      urlPago,
      idPago: null,
      idRecibo: null,
    });
    // Another customer's intent is not told apart from a missing one.
    const other = await portalCookie(await customer());
    expect((await portal('GET', `/api/portal/pagos/${intentId}`, other)).statusCode).toBe(404);
  });

  it('months out of 1-12 are a Spanish 400', async () => {
    const cookie = await portalCookie(await customer());
    for (const meses of [0, 13, '2']) {
      const res = await portal('POST', '/api/portal/pagos', cookie, { meses } as object);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/mes/);
    }
  });

  it('Mercado Pago down or slow: 502 in Spanish within the deadline, no intent left half made', async () => {
    const id = await customer();
    const cookie = await portalCookie(id);
    const count = async () =>
      (await m.t.database.db.select().from(pagosEnLinea).where(eq(pagosEnLinea.contratoId, id))).length;
    for (const mode of ['down', 'slow'] as const) {
      mp.mode(mode);
      try {
        const res = await portal('POST', '/api/portal/pagos', cookie, { meses: 1 });
        expect(res.statusCode).toBe(502);
        expect(res.json()).toMatchObject({
          error: 'mercadopago_unavailable',
          message: expect.stringMatching(/Mercado Pago no respondió/),
        });
      } finally {
        mp.mode('up');
      }
    }
    expect(await count()).toBe(0);
  });
});

describe('notifications', () => {
  it('an approved payment is registered once through the cashier transaction, with its receipt by WhatsApp', async () => {
    const id = await customer({ monto: 300 });
    const cookie = await portalCookie(id);
    const { id: intentId, prefId } = await intentFor(cookie, 2);
    const p = await mp.pay(prefId, 'approve');
    expect(mp.deliveries.filter((d) => d.paymentId === p.id).map((d) => d.status)).toEqual([200]);
    const [pago] = await paymentsOf(id);
    expect(pago).toMatchObject({
      monto: 600,
      idCuenta: MERCADOPAGO_ACCOUNT_ID,
      referencia: `MP ${p.id}`,
      mesesCubiertos: 2,
    });
    expect(pago!.userId).toBeNull();
    expect((await contract(id)).pagadoHasta).toBe('2027-01-20');
    const state = (await portal('GET', `/api/portal/pagos/${intentId}`, cookie)).json();
    expect(state).toMatchObject({ estado: 'aprobado', idPago: pago!.id, idRecibo: expect.any(Number) });
    // The receipt went to the customer's phone from Cobranza.
    const docs = evo.instance('Cobranza').messages.filter((x) => x.messageType === 'documentMessage');
    expect(docs.at(-1)!.key.remoteJid).toBe(`52${(await contract(id)).telefono}@s.whatsapp.net`);
    // Duplicated and out-of-order deliveries (an old 'payment.created' again) register nothing more.
    await mp.notify(p.id);
    await mp.notify(p.id, { action: 'payment.created' });
    expect(await paymentsOf(id)).toHaveLength(1);
    // Caja y Bancos lists it.
    const list = await m.call('GET', `/api/pagos-en-linea?idCliente=${id}`, 16);
    expect(list.json().items).toEqual([
      expect.objectContaining({ id: intentId, estado: 'aprobado', idPagoMercadoPago: String(p.id), marcado: false }),
    ]);
    expect((await m.call('GET', '/api/pagos-en-linea', 10)).statusCode).toBe(403);
  });

  it('pending (OXXO) stays pending, then approved registers it', async () => {
    const id = await customer();
    const cookie = await portalCookie(id);
    const { id: intentId, prefId } = await intentFor(cookie);
    const p = await mp.pay(prefId, 'pending');
    expect((await intentRow(intentId)).estado).toBe('pendiente');
    expect(await paymentsOf(id)).toHaveLength(0);
    await mp.settle(p.id, 'approve');
    expect((await intentRow(intentId)).estado).toBe('aprobado');
    expect(await paymentsOf(id)).toHaveLength(1);
  });

  it('rejected: the intent is rechazado and nothing is registered; a new intent can be started', async () => {
    const id = await customer();
    const cookie = await portalCookie(id);
    const { id: intentId, prefId } = await intentFor(cookie);
    await mp.pay(prefId, 'reject');
    expect((await intentRow(intentId)).estado).toBe('rechazado');
    expect(await paymentsOf(id)).toHaveLength(0);
    await intentFor(cookie);
  });

  it('amount or currency mismatch: not registered, the intent flagged and level 20 told', async () => {
    for (const wrong of [{ amount: 1 }, { currency: 'USD' }]) {
      const id = await customer();
      const { id: intentId, prefId } = await intentFor(await portalCookie(id));
      await mp.pay(prefId, 'approve', wrong);
      expect(await paymentsOf(id)).toHaveLength(0);
      expect(await intentRow(intentId)).toMatchObject({ estado: 'pendiente', marcado: true });
    }
  });

  it('a refund after registration flags the payment and tells level 20; the payment is never reversed', async () => {
    const id = await customer();
    const cookie = await portalCookie(id);
    const { id: intentId, prefId } = await intentFor(cookie);
    const p = await mp.pay(prefId, 'approve');
    await mp.settle(p.id, 'refund');
    expect(await intentRow(intentId)).toMatchObject({ estado: 'reembolsado', marcado: true });
    expect((await intentRow(intentId)).motivoMarca).toMatch(/Reembolso/);
    expect(await paymentsOf(id)).toHaveLength(1);
    const told = await m.t.database.db
      .select()
      .from(notifications)
      .where(sql`${notifications.message} like ${'%Reembolso en Mercado Pago%'}`);
    expect(told.length).toBeGreaterThan(0);
    const list = await m.call('GET', `/api/pagos-en-linea?idCliente=${id}`, 16);
    expect(list.json().items[0]).toMatchObject({ marcado: true, estado: 'reembolsado' });
  });

  it('forged, stale or missing signatures: 401 and nothing read or stored', async () => {
    const id = await customer();
    const { prefId } = await intentFor(await portalCookie(id));
    const p = await mp.pay(prefId, 'pending', { notify: false });
    await mp.settle(p.id, 'approve').catch(() => undefined);
    const reads = () => mp.requests.filter((r) => r.path === `/v1/payments/${p.id}`).length;
    const before = reads();
    const paymentsBefore = (await paymentsOf(id)).length;
    for (const bad of ['bad', 'stale', 'missing'] as const) {
      await mp.notify(p.id, { signature: bad });
      expect(mp.deliveries.at(-1)!.status).toBe(401);
    }
    const url = `/api/pagos-en-linea/mercadopago?data.id=${p.id}&type=payment`;
    const body = { type: 'payment', action: 'payment.updated', data: { id: String(p.id) } };
    const halfHeader = signed(String(p.id));
    for (const headers of [
      { 'x-signature': halfHeader['x-signature'] },
      { 'x-request-id': halfHeader['x-request-id'] },
      { ...halfHeader, 'x-signature': halfHeader['x-signature'].replace(/,v1=.*/, '') },
      signed(String(p.id), Math.floor(clockMs() / 1000) - 11 * 60),
      signed(String(p.id), clockMs() - 11 * 60_000),
      signed(String(p.id), undefined, 'wrong-secret'),
    ]) {
      const res = await m.t.app.inject({ method: 'POST', url, headers, payload: body });
      expect(res.statusCode, JSON.stringify(headers)).toBe(401);
    }
    expect(reads()).toBe(before);
    expect(await paymentsOf(id)).toHaveLength(paymentsBefore);
    // Milliseconds are accepted by magnitude.
    const ms = await m.t.app.inject({ method: 'POST', url, headers: signed(String(p.id), clockMs()), payload: body });
    expect(ms.statusCode).toBe(200);
  });

  it('a valid notification for a payment that is not ours answers 200 and stores nothing', async () => {
    const res = await fetch(`${mp.url}/checkout/preferences`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        items: [{ id: 'x', title: 'Otra tienda', quantity: 1, unit_price: 10, currency_id: 'MXN' }],
        external_reference: 'OTRA-TIENDA-1',
        notification_url: `${base}/api/pagos-en-linea/mercadopago`,
      }),
    });
    const pref = (await res.json()) as { id: string };
    const before = await m.t.database.db.select({ n: sql<number>`count(*)::int` }).from(pagos);
    const p = await mp.pay(pref.id, 'approve');
    expect(mp.deliveries.filter((d) => d.paymentId === p.id).map((d) => d.status)).toEqual([200]);
    expect(await m.t.database.db.select({ n: sql<number>`count(*)::int` }).from(pagos)).toEqual(before);
  });
});

describe('the lookup job', () => {
  it('finds an approved payment whose notification was lost, and expires old intents with nothing paid', async () => {
    const id = await customer();
    const { id: lost, prefId } = await intentFor(await portalCookie(id));
    await mp.pay(prefId, 'approve', { notify: false });
    const { id: old } = await intentFor(await portalCookie(await customer()));
    const { id: fresh } = await intentFor(await portalCookie(await customer()));
    const db = m.t.database.db;
    await db
      .update(pagosEnLinea)
      .set({ createdAt: new Date(clockMs() - 31 * 60_000) })
      .where(eq(pagosEnLinea.id, lost));
    await db
      .update(pagosEnLinea)
      .set({ createdAt: new Date(clockMs() - 5 * 86_400_000) })
      .where(eq(pagosEnLinea.id, old));
    await m.t.app.ctx.onlinePayments.lookUpPending();
    expect((await intentRow(lost)).estado).toBe('aprobado');
    expect(await paymentsOf(id)).toHaveLength(1);
    expect((await intentRow(old)).estado).toBe('expirado');
    // Not yet 30 minutes old: not looked up.
    expect(await intentRow(fresh)).toMatchObject({ estado: 'pendiente', checkedAt: null });
  });
});

describe('a cut customer', () => {
  it('pays one month plus the reconnection fee online and is reconnected on the router', async () => {
    const created = await m.call('POST', '/api/MikrotikRouters', 20, {
      host: '127.0.0.1',
      port: router.port,
      username: 'airlink',
      password: 'r0uter-s3cret',
      hostname: 'Torre Pagos',
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = await customer({
      routerId: created.json().id,
      usuarioPppoe: 'cli0001',
      ipCliente: '10.23.0.3',
      pagadoHasta: '2026-09-01',
    });
    const cut = await m.call('POST', `/api/contratos/${id}/cortar`, 17, {});
    expect(cut.json()).toMatchObject({ cortado: true, estadoRed: 'aplicado' });
    expect(router.secret('cli0001')!.disabled).toBe(true);
    const cookie = await portalCookie(id);
    const account = (await portal('GET', '/api/portal/cuenta', cookie)).json();
    expect(account).toMatchObject({ estado: 'suspendido', estadoTexto: 'Servicio suspendido', montoAPagar: 330 });
    const { prefId } = await intentFor(cookie);
    expect(mp.preferences.get(prefId)).toMatchObject({ items: [{ unit_price: 330 }] });
    await mp.pay(prefId, 'approve');
    await m.t.app.ctx.routerControl.idle();
    expect(await contract(id)).toMatchObject({ cortado: false, estadoRed: 'aplicado' });
    expect(router.secret('cli0001')!.disabled).toBe(false);
    expect((await paymentsOf(id))[0]).toMatchObject({ monto: 330, reconexion: true });
  });
});

describe('real notification captures (test/fixtures/mercadopago, source in its README)', () => {
  const captured = JSON.parse(
    readFileSync(fileURLToPath(new URL('./fixtures/mercadopago/captured-notifications.json', import.meta.url)), 'utf8'),
  ) as Record<string, { query: Record<string, string>; body: unknown }>;
  const urlOf = (query: Record<string, string>) =>
    `/api/pagos-en-linea/mercadopago?source_news=webhooks&${new URLSearchParams(query)}`;

  it('a captured Webhooks body, signed, is read as a pointer: its payment is looked up, not ours → 200, nothing stored', async () => {
    const { query, body } = captured.webhook_payment_created!;
    const before = await m.t.database.db.select({ n: sql<number>`count(*)::int` }).from(pagos);
    const reads = mp.requests.filter((r) => r.path === '/v1/payments/96718866362').length;
    const res = await m.t.app.inject({
      method: 'POST',
      url: urlOf(query),
      headers: signed(query['data.id']!),
      payload: body as object,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(mp.requests.filter((r) => r.path === '/v1/payments/96718866362')).toHaveLength(reads + 1);
    expect(await m.t.database.db.select({ n: sql<number>`count(*)::int` }).from(pagos)).toEqual(before);
  });

  it('captured legacy IPN bodies (no data.id to sign) are refused with 401 and nothing is read', async () => {
    const before = mp.requests.length;
    for (const name of ['ipn_payment', 'ipn_merchant_order']) {
      const { query, body } = captured[name]!;
      const res = await m.t.app.inject({
        method: 'POST',
        url: urlOf(query),
        headers: signed(query.id!),
        payload: body as object,
      });
      expect(res.statusCode, name).toBe(401);
    }
    expect(mp.requests).toHaveLength(before);
  });
});

describe('a payment during a scheduled cut run', () => {
  it('is honoured: the run skips the contract the online payment moved', async () => {
    const payer = await customer({ pagadoHasta: '2026-09-01' });
    const { prefId } = await intentFor(await portalCookie(payer));
    m.t.app.ctx.automation.setBeforeEachCut(async (contractId) => {
      // Mercado Pago approves and notifies while the run is going, just before the run reaches this contract.
      if (contractId === payer) await mp.pay(prefId, 'approve');
    });
    try {
      const run = await m.call('POST', '/api/cortes-programados/ejecuciones', 20, { confirmar: true });
      expect(run.statusCode, run.body).toBe(201);
      const result = (run.json().resultados as Array<{ idContrato: number; resultado: string; mensaje: string }>).find(
        (r) => r.idContrato === payer,
      );
      expect(result).toMatchObject({
        resultado: 'omitido',
        mensaje: 'Registró un pago durante la ejecución; no se cortó.',
      });
    } finally {
      m.t.app.ctx.automation.setBeforeEachCut(undefined);
    }
    expect(await contract(payer)).toMatchObject({ cortado: false });
    expect(await paymentsOf(payer)).toHaveLength(1);
  });
});
