import { createHash, randomBytes } from 'node:crypto';
import { PORTAL_COOKIE_NAME } from '@airlink/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { facturas, portalSessions } from '../src/db/schema';
import { startFakeFacturapi, type FakeFacturapi } from '../src/demo/fakes/facturapi/fake-server';
import { createInvoicingTestApp, JUAN_FISCAL, switchInvoicingOn, type MoneyTestApp } from './money-fixtures';

/**
 * Issue 26 beside the portal (issue 24): the customer's own invoices in the portal, and each payment's invoice in
 * the staff panel's payments list.
 */
const now = new Date('2026-11-10T17:00:00Z');
let m: MoneyTestApp;
let pac: FakeFacturapi;

beforeAll(async () => {
  pac = await startFakeFacturapi({ now: () => now });
  m = await createInvoicingTestApp(() => now, pac);
  await switchInvoicingOn(m, pac);
});
afterAll(async () => {
  await m?.t.close();
  await pac?.stop();
});

let seq = 0;
async function pay(contrato: number, monto = 348) {
  const res = await m.t.app.inject({
    method: 'POST',
    url: '/api/Pagos/registrar',
    headers: { ...m.t.auth(m.tokens[16]!), 'idempotency-key': `portal-invoices-${++seq}` },
    payload: { idCliente: contrato, monto, idCuenta: 4 },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
}

async function invoicedContract() {
  const id = await m.contract({ facturar: true, pagadoHasta: '2026-11-05' });
  expect((await m.call('PUT', `/api/contratos/${id}/datos-fiscales`, 16, JUAN_FISCAL)).statusCode).toBe(200);
  return id;
}

async function invoice(pagoId: number) {
  const res = await m.call('POST', '/api/facturas', 16, { idPago: pagoId });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; serie: string; folio: number; estado: string; total: number };
}

/** A portal session of the contract, as the sign-in stores it (only the cookie's hash). */
async function portalCookie(contratoId: number) {
  const cookie = randomBytes(32).toString('base64url');
  await m.t.database.db.insert(portalSessions).values({
    contratoId,
    tokenHash: createHash('sha256').update(cookie).digest('hex'),
    expiresAt: new Date('2027-01-01T00:00:00Z'),
  });
  return cookie;
}

const portalGet = (url: string, cookie: string) =>
  m.t.app.inject({ method: 'GET', url, cookies: { [PORTAL_COOKIE_NAME]: cookie } });

describe('Mis facturas in the portal', () => {
  let mine: number;
  let cookie: string;
  let valid: { id: number; serie: string; folio: number };
  let cancelled: { id: number };
  let others: { id: number };
  let globalId: number;

  beforeAll(async () => {
    mine = await invoicedContract();
    cookie = await portalCookie(mine);
    cancelled = await invoice(await pay(mine));
    expect((await m.call('POST', `/api/facturas/${cancelled.id}/cancelar`, 20, { motivo: '02' })).statusCode).toBe(200);
    valid = await invoice(await pay(mine));
    // Not stamped: neither a pending nor a failed invoice is the customer's document yet.
    const pending = await pay(mine);
    await m.t.database.db
      .insert(facturas)
      .values({ tipo: 'pago', pagoId: pending, contratoId: mine, serie: 'F', total: 348, estado: 'pendiente' });
    others = await invoice(await pay(await invoicedContract()));
    const [g] = await m.t.database.db
      .insert(facturas)
      .values({ tipo: 'global', periodo: '2026-10', parte: 1, serie: 'G', total: 1000, estado: 'valida', pacId: 'x' })
      .returning({ id: facturas.id });
    globalId = g!.id;
  });

  it('lists only the contract’s own stamped invoices (valid or cancelled), newest first', async () => {
    const res = await portalGet('/api/portal/facturas', cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual([
      { id: valid.id, serie: 'F', folio: valid.folio, fecha: expect.any(String), total: 348, estado: 'valida' },
      {
        id: cancelled.id,
        serie: 'F',
        folio: expect.any(Number),
        fecha: expect.any(String),
        total: 348,
        estado: 'cancelada',
      },
    ]);
    expect(Number.isNaN(Date.parse(res.json()[0].fecha))).toBe(false);
  });

  it('an invoice whose cancellation waits for the SAT still shows as valid', async () => {
    const other = await portalCookie(await invoicedContract());
    const [own] = (await portalGet('/api/portal/facturas', other)).json() as unknown[];
    expect(own).toBeUndefined();
    const contrato = (await m.t.database.db.select().from(facturas).where(eq(facturas.id, others.id)))[0]!.contratoId!;
    const theirs = await portalCookie(contrato);
    await m.t.database.db.update(facturas).set({ estado: 'cancelacion_pendiente' }).where(eq(facturas.id, others.id));
    expect((await portalGet('/api/portal/facturas', theirs)).json()).toEqual([
      expect.objectContaining({ id: others.id, estado: 'valida' }),
    ]);
    await m.t.database.db.update(facturas).set({ estado: 'valida' }).where(eq(facturas.id, others.id));
  });

  it('gives the own invoice’s stamped PDF and XML', async () => {
    const pdf = await portalGet(`/api/portal/facturas/${valid.id}/pdf`, cookie);
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(`inline; filename="factura-F${valid.folio}.pdf"`);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const xml = await portalGet(`/api/portal/facturas/${valid.id}/xml`, cookie);
    expect(xml.statusCode, xml.body).toBe(200);
    expect(xml.headers['content-type']).toContain('application/xml');
    expect(xml.body).toContain('cfdi:Comprobante');
    // A cancelled one stays downloadable (it is still the customer's record).
    expect((await portalGet(`/api/portal/facturas/${cancelled.id}/pdf`, cookie)).statusCode).toBe(200);
  });

  it('refuses another contract’s invoice and the global one (403), an unknown one is 404', async () => {
    for (const id of [others.id, globalId])
      for (const kind of ['pdf', 'xml']) {
        const res = await portalGet(`/api/portal/facturas/${id}/${kind}`, cookie);
        expect(res.statusCode, `${id} ${kind}`).toBe(403);
        expect(res.json().message).toBe('Esa factura no es de tu contrato.');
      }
    expect((await portalGet('/api/portal/facturas/999999/pdf', cookie)).statusCode).toBe(404);
  });

  it('staff credentials open none of them; without a session, 401', async () => {
    for (const url of [
      '/api/portal/facturas',
      `/api/portal/facturas/${valid.id}/pdf`,
      `/api/portal/facturas/${valid.id}/xml`,
    ]) {
      expect((await m.t.app.inject({ method: 'GET', url, headers: m.t.auth(m.tokens[20]!) })).statusCode, url).toBe(
        401,
      );
      expect((await m.t.app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
    }
  });
});

describe('each payment’s invoice in the panel’s payments list', () => {
  const facturaOf = async (contrato: number, pagoId: number) => {
    const res = await m.call('GET', `/api/customer/${contrato}/payments?pageSize=50`, 5);
    expect(res.statusCode, res.body).toBe(200);
    const item = (res.json().items as Array<{ id: number; factura: unknown }>).find((p) => p.id === pagoId);
    expect(item, `payment ${pagoId}`).toBeDefined();
    return item!.factura;
  };

  it('null without an invoice; the valid invoice with its folio; null again once it is cancelled', async () => {
    const contrato = await invoicedContract();
    const pagoId = await pay(contrato);
    expect(await facturaOf(contrato, pagoId)).toBeNull();
    const inv = await invoice(pagoId);
    expect(await facturaOf(contrato, pagoId)).toEqual({ id: inv.id, estado: 'valida', serie: 'F', folio: inv.folio });
    await m.call('POST', `/api/facturas/${inv.id}/cancelar`, 20, { motivo: '02' });
    expect(await facturaOf(contrato, pagoId)).toBeNull();
  });

  it('a pending or failed invoice shows its state; after a motive-01 cancellation, the replacement', async () => {
    const contrato = await invoicedContract();
    const pending = await pay(contrato);
    const failed = await pay(contrato);
    const [p, f] = await m.t.database.db
      .insert(facturas)
      .values([
        { tipo: 'pago', pagoId: pending, contratoId: contrato, serie: 'F', total: 348, estado: 'pendiente' },
        { tipo: 'pago', pagoId: failed, contratoId: contrato, serie: 'F', total: 348, estado: 'error', motivo: 'x' },
      ])
      .returning({ id: facturas.id });
    expect(await facturaOf(contrato, pending)).toEqual({ id: p!.id, estado: 'pendiente', serie: 'F', folio: null });
    expect(await facturaOf(contrato, failed)).toEqual({ id: f!.id, estado: 'error', serie: 'F', folio: null });

    const replaced = await pay(contrato);
    const old = await invoice(replaced);
    const res = await m.call('POST', `/api/facturas/${old.id}/cancelar`, 20, { motivo: '01' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await facturaOf(contrato, replaced)).toMatchObject({ id: res.json().sustituta, estado: 'valida' });
    // Every page row still comes once (a payment with two invoice rows is not listed twice).
    const all = (await m.call('GET', `/api/customer/${contrato}/payments?pageSize=50`, 5)).json();
    expect(all.items.map((i: { id: number }) => i.id).filter((id: number) => id === replaced)).toHaveLength(1);
    expect(all.total).toBe(3);
  });
});
