import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema';
import type { FakeEvolutionServer } from '../src/demo/fakes/evolution/fake-server';
import { startFakeFacturapi, type FakeFacturapi } from '../src/demo/fakes/facturapi/fake-server';
import { startDepartmentInstance } from './evolution-fixtures';
import { createInvoicingTestApp, JUAN_FISCAL, switchInvoicingOn, type MoneyTestApp } from './money-fixtures';

/** An invoice's PDF and XML sent by WhatsApp, the way receipts go (issue 26, `POST /api/facturas/{id}/whatsapp`). */
const now = new Date('2026-11-10T17:00:00Z');
let m: MoneyTestApp;
let pac: FakeFacturapi;
let evolution: FakeEvolutionServer;
let invoiceId: number;
let contrato: number;

beforeAll(async () => {
  pac = await startFakeFacturapi({ now: () => now });
  const instance = await startDepartmentInstance('Cobranza');
  evolution = instance.fake;
  m = await createInvoicingTestApp(() => now, pac);
  await instance.register(m);
  await switchInvoicingOn(m, pac);
  contrato = await m.contract({ facturar: true, telefono: '771 555 0199', pagadoHasta: '2026-11-05' });
  expect((await m.call('PUT', `/api/contratos/${contrato}/datos-fiscales`, 16, JUAN_FISCAL)).statusCode).toBe(200);
  const paid = await m.t.app.inject({
    method: 'POST',
    url: '/api/Pagos/registrar',
    headers: { ...m.t.auth(m.tokens[16]!), 'idempotency-key': 'invoice-whatsapp-1' },
    payload: { idCliente: contrato, monto: 348, idCuenta: 4, facturar: true },
  });
  expect(paid.statusCode, paid.body).toBe(201);
  const issued = await m.call('POST', '/api/facturas', 16, { idPago: paid.json().id });
  expect(issued.statusCode, issued.body).toBe(201);
  invoiceId = issued.json().id;
});
afterAll(async () => {
  await m?.t.close();
  await pac?.stop();
  await evolution?.stop();
});

const sentDocs = () =>
  evolution
    .instance('Cobranza')
    .messages.filter((msg) => msg.messageType === 'documentMessage')
    .map((msg) => (msg.message as { documentMessage: { mimetype: string; fileName: string } }).documentMessage);

describe('invoice by WhatsApp', () => {
  it('level 16 and above; below, 403; an unknown invoice is 404', async () => {
    expect((await m.call('POST', `/api/facturas/${invoiceId}/whatsapp`, 10, {})).statusCode).toBe(403);
    expect((await m.call('POST', `/api/facturas/${invoiceId}/whatsapp`, null, {})).statusCode).toBe(401);
    expect((await m.call('POST', '/api/facturas/999999/whatsapp', 16, {})).statusCode).toBe(404);
    expect(sentDocs()).toEqual([]);
  });

  it("sends the PDF and the XML to the contract's phone from Cobranza, and records it", async () => {
    const res = await m.call('POST', `/api/facturas/${invoiceId}/whatsapp`, 16, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().telefono).toBe('527715550199');
    const docs = sentDocs();
    expect(docs).toHaveLength(2);
    expect(docs[0]).toMatchObject({
      mimetype: 'application/pdf',
      fileName: expect.stringMatching(/^factura-F\d+\.pdf$/),
    });
    expect(docs[1]).toMatchObject({
      mimetype: 'application/xml',
      fileName: expect.stringMatching(/^factura-F\d+\.xml$/),
    });
    const audit = await m.t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'invoice'), eq(auditLog.action, 'send_whatsapp')));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.entityId).toBe(String(invoiceId));
  });

  it('to another number when given; a bad number is 400 in Spanish', async () => {
    const bad = await m.call('POST', `/api/facturas/${invoiceId}/whatsapp`, 16, { telefono: '12' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('El número de WhatsApp no es válido');
    const other = await m.call('POST', `/api/facturas/${invoiceId}/whatsapp`, 16, { telefono: '7715550100' });
    expect(other.statusCode, other.body).toBe(200);
    expect(other.json().telefono).toBe('527715550100');
  });

  it('a cancelled invoice is not sent (409)', async () => {
    expect((await m.call('POST', `/api/facturas/${invoiceId}/cancelar`, 20, { motivo: '02' })).statusCode).toBe(200);
    const before = sentDocs().length;
    const res = await m.call('POST', `/api/facturas/${invoiceId}/whatsapp`, 16, {});
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Solo se envía una factura válida (timbrada y no cancelada).');
    expect(sentDocs()).toHaveLength(before);
  });
});
