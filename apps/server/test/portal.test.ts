import { latenessOf, PORTAL_CODE_SENT_MESSAGE } from '@airlink/domain';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { portalCodes, portalSessions, soporte } from '../src/db/schema';
import type { FakeEvolutionServer } from '../src/demo/fakes/evolution/fake-server';
import { startDepartmentInstance } from './evolution-fixtures';
import { createMoneyTestApp, type MoneyTestApp } from './money-fixtures';

/** The customer portal's sign-in and account (issue 24, parts 1 and 2). */
let clock = new Date('2026-11-24T18:00:00Z');
let m: MoneyTestApp;
let fake: FakeEvolutionServer;
let juan: number;
let otro: number;
let receiptOfOther: number;

const sentCodes = (to = '527711234567') =>
  fake
    .instance('Cobranza')
    .messages.filter((msg) => msg.key.remoteJid === `${to}@s.whatsapp.net`)
    .map((msg) => /\b(\d{6})\b/.exec(JSON.stringify(msg.message))?.[1])
    .filter((c): c is string => !!c);

function post(url: string, payload: object, headers: Record<string, string> = {}, ip = '10.0.0.1') {
  return m.t.app.inject({ method: 'POST', url, payload, headers, remoteAddress: ip });
}

async function askCode(contrato: string, telefono: string, ip = '10.0.0.1') {
  const res = await post('/api/portal/codigo', { contrato, telefono }, {}, ip);
  await m.t.app.ctx.portalAuth.delivery;
  return res;
}

const cookieOf = (res: LightMyRequestResponse) => {
  const c = res.cookies.find((x) => x.name === 'airlink_portal');
  if (!c) throw new Error(`no portal cookie: ${res.statusCode} ${res.body}`);
  return c;
};

async function signIn(contrato = '12', telefono = '771-123-4567'): Promise<string> {
  await askCode(contrato, telefono);
  const code = sentCodes().at(-1)!;
  const res = await post('/api/portal/sesion', { contrato, codigo: code });
  expect(res.statusCode, res.body).toBe(200);
  return cookieOf(res).value;
}

const portalGet = (url: string, cookie: string) =>
  m.t.app.inject({ method: 'GET', url, cookies: { airlink_portal: cookie } });

beforeAll(async () => {
  const instance = await startDepartmentInstance('Cobranza');
  fake = instance.fake;
  m = await createMoneyTestApp(() => clock);
  await instance.register(m);
  juan = await m.contract({
    nombre: 'Juan Pérez',
    calle: 'Hidalgo',
    numero: '12',
    colonia: 'Centro',
    no: 12,
    fechaContratacion: '2026-01-05',
    telefono: '771 123 4567',
    pagadoHasta: '2026-11-10',
    monto: 300,
  });
  await m.contract({ nombre: 'Rosa Bloqueo', no: 14, telefono: '7712223333', pagadoHasta: '2026-12-10' });
  otro = await m.contract({ nombre: 'Otra Persona', no: 13, telefono: '7719990000', pagadoHasta: '2026-12-10' });
  const paid = await m.t.app.inject({
    method: 'POST',
    url: '/api/Pagos/registrar',
    headers: { ...m.t.auth(m.tokens[16]!), 'idempotency-key': 'portal-test-other' },
    payload: { idCliente: otro, monto: 300, idCuenta: 4 },
  });
  receiptOfOther = paid.json().reciboId;
});
afterAll(async () => {
  await m?.t.close();
  await fake?.stop();
});

describe('sign-in codes', () => {
  it('answers 202 the same way whether or not the contract and phone exist; only a match gets a code', async () => {
    const answers = [
      await askCode('12', '771 123 4567'),
      await askCode('12', '7710000000'),
      await askCode('999', '771 123 4567'),
      await askCode('260012JuanPerezHidalgo12Centro', '771-123-4567'),
      await askCode('260012Otro', '771-123-4567'),
    ];
    for (const a of answers) {
      expect(a.statusCode).toBe(202);
      expect(a.json()).toEqual({ message: PORTAL_CODE_SENT_MESSAGE });
    }
    // The number and the whole display id send; a wrong phone, an unknown contract or another display id do not.
    expect(sentCodes()).toHaveLength(2);
    const stored = await m.t.database.db.select().from(portalCodes);
    expect(stored).toHaveLength(5);
    // Only hashes are stored.
    for (const code of sentCodes()) expect(JSON.stringify(stored)).not.toContain(code);
  });

  it('a right code opens a session: HttpOnly cookie on /api/portal for 30 days, stored hashed; single use', async () => {
    clock = new Date(clock.getTime() + 3_600_000);
    await askCode('12', '7711234567', '10.0.0.2');
    const code = sentCodes().at(-1)!;
    const res = await post('/api/portal/sesion', { contrato: '0012', codigo: code });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().nombre).toBe('Juan Pérez');
    const cookie = cookieOf(res);
    expect(cookie).toMatchObject({ path: '/api/portal', httpOnly: true, sameSite: 'Lax', maxAge: 30 * 24 * 3600 });
    const [session] = await m.t.database.db.select().from(portalSessions);
    expect(session!.tokenHash).not.toContain(cookie.value);
    expect((await portalGet('/api/portal/cuenta', cookie.value)).statusCode).toBe(200);
    const again = await post('/api/portal/sesion', { contrato: '12', codigo: code });
    expect(again.statusCode).toBe(401);
  });

  it('an expired code does not open', async () => {
    await askCode('12', '7711234567', '10.0.0.3');
    const code = sentCodes().at(-1)!;
    clock = new Date(clock.getTime() + 10 * 60_000 + 1);
    const res = await post('/api/portal/sesion', { contrato: '12', codigo: code });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toMatch(/no es válido o ya venció/);
  });

  it('brute force: 5 wrong codes lock the contract 15 minutes, even for the right code; then it opens again', async () => {
    clock = new Date(clock.getTime() + 3_600_000);
    const rosa = '527712223333';
    await askCode('14', '7712223333', '10.0.0.4');
    const code = sentCodes(rosa).at(-1)!;
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i++)
      expect((await post('/api/portal/sesion', { contrato: '14', codigo: wrong })).statusCode).toBe(401);
    const fifth = await post('/api/portal/sesion', { contrato: '14', codigo: wrong });
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json().message).toMatch(/bloqueado 15 minutos/);
    expect((await post('/api/portal/sesion', { contrato: '14', codigo: code })).statusCode).toBe(429);
    // No code goes out while locked.
    const before = sentCodes(rosa).length;
    await askCode('14', '7712223333', '10.0.0.4');
    expect(sentCodes(rosa)).toHaveLength(before);
    clock = new Date(clock.getTime() + 15 * 60_000);
    // The code that took the wrong tries is dead (5 tries); a new one works.
    expect((await post('/api/portal/sesion', { contrato: '14', codigo: code })).statusCode).toBe(401);
    await askCode('14', '7712223333', '10.0.0.4');
    const fresh = sentCodes(rosa).at(-1)!;
    expect((await post('/api/portal/sesion', { contrato: '14', codigo: fresh })).statusCode).toBe(200);
  });

  it('at most 5 codes per phone and 20 per address an hour (counted whether or not the pair exists)', async () => {
    clock = new Date(clock.getTime() + 2 * 3_600_000);
    for (let i = 0; i < 5; i++) expect((await askCode('999', '7715550000', `10.1.0.${i}`)).statusCode).toBe(202);
    const sixth = await askCode('12', '7715550000', '10.1.0.9');
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().message).toMatch(/demasiados códigos/i);
    for (let i = 0; i < 20; i++) expect((await askCode('999', `77100000${10 + i}`, '10.2.0.1')).statusCode).toBe(202);
    expect((await askCode('12', '7711234567', '10.2.0.1')).statusCode).toBe(429);
    clock = new Date(clock.getTime() + 3_600_000 + 1);
    expect((await askCode('12', '7711234567', '10.2.0.1')).statusCode).toBe(202);
  });
});

describe('the account', () => {
  let cookie: string;
  beforeAll(async () => {
    clock = new Date('2026-11-24T18:00:00Z');
    clock = new Date(clock.getTime() + 10 * 3_600_000);
    cookie = await signIn();
  });

  it('answers the account with the lateness the staff panel computes and what one month costs', async () => {
    const res = await portalGet('/api/portal/cuenta', cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      nombre: 'Juan Pérez',
      direccion: 'Hidalgo 12, Centro, Tizayuca',
      // The plan's speeds as Administración › Planes holds them (defaults: 3 Mbps down, 1 up).
      plan: { nombre: 'Residencial hasta 3 Mbps', bajadaMbps: 3, subidaMbps: 1 },
      montoMensual: 300,
      pagadoHasta: '2026-11-10',
      estado: 'con_retraso',
      // 2026-11-24 business date (Mexico City), paid until 2026-11-10: latenessOf's 14 days.
      diasRetraso: latenessOf('2026-11-10', '2026-11-24').diasRetraso,
      estadoTexto: 'Con retraso de 14 días',
      saldoAFavor: 0,
      montoAPagar: 300,
      cuentasBancarias: [expect.objectContaining({ banco: 'Banamex' })],
      pagoEnLinea: false,
    });
  });

  it("payments and receipts: only the customer's own receipt (403 for another's)", async () => {
    const paid = await m.t.app.inject({
      method: 'POST',
      url: '/api/Pagos/registrar',
      headers: { ...m.t.auth(m.tokens[16]!), 'idempotency-key': 'portal-test-juan' },
      payload: { idCliente: juan, monto: 300, idCuenta: 4 },
    });
    const reciboId = paid.json().reciboId as number;
    const list = await portalGet('/api/portal/pagos', cookie);
    expect(list.json()).toEqual([
      expect.objectContaining({
        monto: 300,
        periodoInicio: '2026-11-11',
        periodoFin: '2026-12-10',
        idRecibo: reciboId,
      }),
    ]);
    const own = await portalGet(`/api/portal/recibos/${reciboId}/pdf`, cookie);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('application/pdf');
    expect((await portalGet(`/api/portal/recibos/${receiptOfOther}/pdf`, cookie)).statusCode).toBe(403);
  });

  it('a ticket opened in the portal is in Soporte with origen portal', async () => {
    const res = await m.t.app.inject({
      method: 'POST',
      url: '/api/portal/tickets',
      cookies: { airlink_portal: cookie },
      payload: { asunto: 'Sin internet', descripcion: 'Desde ayer no hay señal' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ asunto: 'Sin internet', estado: 'Abierto' });
    expect((await portalGet('/api/portal/tickets', cookie)).json()).toEqual([
      expect.objectContaining({ id: res.json().id, asunto: 'Sin internet' }),
    ]);
    const staff = await m.call('GET', `/api/soporte/${res.json().id}`, 5);
    expect(staff.statusCode, staff.body).toBe(200);
    expect(staff.json()).toMatchObject({ origen: 'portal', idCliente: juan, observaciones: 'Desde ayer no hay señal' });
    const [row] = await m.t.database.db.select().from(soporte).where(eq(soporte.id, res.json().id));
    expect(row!.createdBy).toBeNull();
  });

  it('salir revokes the session: the cookie no longer opens anything', async () => {
    const mine = await signIn();
    const out = await m.t.app.inject({ method: 'POST', url: '/api/portal/salir', cookies: { airlink_portal: mine } });
    expect(out.statusCode).toBe(204);
    expect((await portalGet('/api/portal/cuenta', mine)).statusCode).toBe(401);
    expect((await portalGet('/api/portal/cuenta', cookie)).statusCode).toBe(200);
  });
});
