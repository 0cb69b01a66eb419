import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, messages } from '../src/db/schema';
import type { FakeEvolutionServer } from '../src/demo/fakes/evolution/fake-server';
import { startDepartmentInstance } from './evolution-fixtures';
import { createMoneyTestApp, type MoneyTestApp } from './money-fixtures';

/** A receipt sent by WhatsApp as a PDF from the customer panel (issue 15, part 3). */
const now = new Date('2026-10-15T17:00:00Z');
let m: MoneyTestApp;
let fake: FakeEvolutionServer;
let receiptId: number;

beforeAll(async () => {
  const instance = await startDepartmentInstance('Cobranza');
  fake = instance.fake;
  m = await createMoneyTestApp(() => now);
  await instance.register(m);
  const contract = await m.contract({
    nombre: 'José Hernández Pérez',
    telefono: '771 555 0199',
    pagadoHasta: '2026-10-05',
  });
  const res = await m.t.app.inject({
    method: 'POST',
    url: '/api/Pagos/registrar',
    headers: { ...m.t.auth(m.tokens[16]!), 'idempotency-key': 'receipt-whatsapp-1' },
    payload: { idCliente: contract, monto: 300, idCuenta: 4 },
  });
  expect(res.statusCode, res.body).toBe(201);
  receiptId = res.json().reciboId;
});
afterAll(async () => {
  await m?.t.close();
  await fake?.stop();
});

const sentDocs = () => fake.instance('Cobranza').messages.filter((msg) => msg.messageType === 'documentMessage');

describe('receipt as PDF', () => {
  it('is a real PDF with the receipt number, the customer and the amount; support staff may download it', async () => {
    const res = await m.call('GET', `/api/recibos/${receiptId}/pdf`, 5);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(`recibo-${String(receiptId).padStart(6, '0')}.pdf`);
    const pdf = res.rawPayload.toString('latin1');
    expect(pdf.startsWith('%PDF-1.4')).toBe(true);
    expect(pdf.trimEnd().endsWith('%%EOF')).toBe(true);
    expect(pdf).toContain(`(No. ${String(receiptId).padStart(6, '0')})`);
    // Accented letters travel as WinAnsi bytes: é = \351.
    expect(pdf).toContain('(Jos\\351 Hern\\341ndez P\\351rez)');
    expect(pdf).toContain('($300.00)');
    // The cross-reference offsets point at the objects.
    const xref = Number(/startxref\n(\d+)/.exec(pdf)![1]);
    expect(pdf.slice(xref, xref + 4)).toBe('xref');
    expect((await m.call('GET', '/api/recibos/999999/pdf', 5)).statusCode).toBe(404);
  });
});

describe('receipt by WhatsApp', () => {
  it('cashier level and above; support staff may not send', async () => {
    expect((await m.call('POST', `/api/recibos/${receiptId}/whatsapp`, 10, {})).statusCode).toBe(403);
    expect((await m.call('POST', `/api/recibos/${receiptId}/whatsapp`, null, {})).statusCode).toBe(401);
  });

  it("sends the PDF to the contract's phone from Cobranza; the document is in the customer's conversation", async () => {
    const res = await m.call('POST', `/api/recibos/${receiptId}/whatsapp`, 16, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().telefono).toBe('527715550199');
    const [doc] = sentDocs();
    expect(doc!.key.remoteJid).toBe('527715550199@s.whatsapp.net');
    const content = (doc!.message as { documentMessage: { mimetype: string; fileName: string; fileLength: string } })
      .documentMessage;
    expect(content).toMatchObject({
      mimetype: 'application/pdf',
      fileName: `recibo-${String(receiptId).padStart(6, '0')}.pdf`,
    });
    expect(Number(content.fileLength)).toBeGreaterThan(1000);
    const stored = await m.t.database.db.select().from(messages).where(eq(messages.instance, 'Cobranza'));
    expect(stored).toMatchObject([{ fromMe: true, messageType: 'document', remoteJid: '527715550199@s.whatsapp.net' }]);
    expect(stored[0]!.content).toContain('Recibo de pago No.');
    const audits = await m.t.database.db.select().from(auditLog).where(eq(auditLog.entity, 'receipt'));
    expect(audits).toMatchObject([{ action: 'send_whatsapp', entityId: String(receiptId) }]);
  });

  it('to another number when given; a bad number is refused in Spanish and nothing is sent', async () => {
    const before = sentDocs().length;
    const bad = await m.call('POST', `/api/recibos/${receiptId}/whatsapp`, 16, { telefono: '12345' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/número de WhatsApp no es válido/);
    expect(sentDocs()).toHaveLength(before);
    const other = await m.call('POST', `/api/recibos/${receiptId}/whatsapp`, 16, { telefono: '7719998877' });
    expect(other.statusCode, other.body).toBe(200);
    expect(sentDocs().at(-1)!.key.remoteJid).toBe('527719998877@s.whatsapp.net');
  });

  it('with the instance closed, answers 409 in Spanish and stores nothing; never reported as sent', async () => {
    const storedBefore = (await m.t.database.db.select().from(messages)).length;
    fake.setState('Cobranza', 'close');
    try {
      const res = await m.call('POST', `/api/recibos/${receiptId}/whatsapp`, 16, {});
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toBe('whatsapp_not_connected');
      expect((await m.t.database.db.select().from(messages)).length).toBe(storedBefore);
    } finally {
      fake.setState('Cobranza', 'open');
    }
  });
});
