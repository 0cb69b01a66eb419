import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { facturas, jobs } from '../src/db/schema';
import { startFakeFacturapi, type FakeFacturapi } from '../src/demo/fakes/facturapi/fake-server';
import {
  createInvoicingTestApp,
  INVOICING_SETTINGS,
  JUAN_FISCAL,
  switchInvoicingOn,
  type MoneyTestApp,
} from './money-fixtures';

/** CFDI invoices through the PAC (issue 26) against the loopback fake Facturapi. */
const now = new Date('2026-11-10T17:00:00Z');
let m: MoneyTestApp;
let pac: FakeFacturapi;

const juan = { ...JUAN_FISCAL, email: 'juan@example.mx' };
const settings = { ...INVOICING_SETTINGS, automatica: true };

beforeAll(async () => {
  pac = await startFakeFacturapi({ now: () => now });
  m = await createInvoicingTestApp(() => now, pac);
  await switchInvoicingOn(m, pac, true);
});
afterAll(async () => {
  await m?.t.close();
  await pac?.stop();
});

/** Runs the job runner's queued runs (the test app does not start it), however many are due. */
async function runJobs() {
  await m.t.database.db
    .update(jobs)
    .set({ runAt: new Date(0) })
    .where(eq(jobs.state, 'queued'));
  await m.t.app.ctx.jobs.drain();
}

let seq = 0;
async function pay(contrato: number, monto: number, extra: Record<string, unknown> = {}) {
  const res = await m.t.app.inject({
    method: 'POST',
    url: '/api/Pagos/registrar',
    headers: { ...m.t.auth(m.tokens[16]!), 'idempotency-key': `invoicing-${++seq}` },
    payload: { idCliente: contrato, monto, idCuenta: 4, ...extra },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
}

async function invoicedContract(fiscal: Partial<typeof juan> = {}) {
  const id = await m.contract({ facturar: true, pagadoHasta: '2026-11-05' });
  expect((await m.call('PUT', `/api/contratos/${id}/datos-fiscales`, 16, { ...juan, ...fiscal })).statusCode).toBe(200);
  return id;
}

const invoiceOf = async (pagoId: number) =>
  (await m.t.database.db.select().from(facturas).where(eq(facturas.pagoId, pagoId))).sort((a, b) => a.id - b.id);

describe('fiscal data', () => {
  it('level 16 reads and writes; below, 403; an unknown contract is 404', async () => {
    const id = await m.contract();
    expect((await m.call('GET', `/api/contratos/${id}/datos-fiscales`, 10)).statusCode).toBe(403);
    expect((await m.call('PUT', `/api/contratos/${id}/datos-fiscales`, 10, juan)).statusCode).toBe(403);
    const none = await m.call('GET', `/api/contratos/${id}/datos-fiscales`, 16);
    expect(none.statusCode).toBe(200);
    expect(none.json()).toBeNull();
    expect((await m.call('GET', '/api/contratos/999999/datos-fiscales', 16)).statusCode).toBe(404);
  });

  it('a wrong check digit, a régimen of the other person type or a uso the régimen refuses: 400 per field, nothing saved', async () => {
    const id = await m.contract();
    const res = await m.call('PUT', `/api/contratos/${id}/datos-fiscales`, 16, {
      ...juan,
      rfc: 'PEGJ800101AB7',
      regimenFiscal: '601',
      usoCfdi: 'D10',
    });
    expect(res.statusCode).toBe(400);
    const details = res.json().details;
    expect(details.rfc[0]).toContain('dígito verificador');
    expect(details.codigoPostal).toBeUndefined();
    expect((await m.call('GET', `/api/contratos/${id}/datos-fiscales`, 16)).json()).toBeNull();
    const regime = await m.call('PUT', `/api/contratos/${id}/datos-fiscales`, 16, { ...juan, regimenFiscal: '605' });
    expect(regime.json().details.usoCfdi[0]).toContain('El régimen 605 no admite el uso G03');
  });

  it('saves normalized data (RFC and name in upper case)', async () => {
    const id = await m.contract();
    const res = await m.call('PUT', `/api/contratos/${id}/datos-fiscales`, 16, { ...juan, rfc: 'pegj-800101-ab6' });
    expect(res.json()).toMatchObject({ rfc: 'PEGJ800101AB6', razonSocial: 'JUAN PÉREZ GÓMEZ' });
  });
});

describe('Administración › Facturación', () => {
  it('level 20 only; cannot switch on without a PAC key; the key is never read back', async () => {
    expect((await m.call('GET', '/api/facturacion/ajustes', 16)).statusCode).toBe(403);
    const off = await m.call('PUT', '/api/facturacion/ajustes', 20, { ...settings, activa: false, llave: '' });
    expect(off.json()).toMatchObject({ activa: false, llaveConfigurada: false });
    const noKey = await m.call('PUT', '/api/facturacion/ajustes', 20, settings);
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json().details.llave[0]).toContain('llave secreta');
    const saved = await m.call('PUT', '/api/facturacion/ajustes', 20, { ...settings, llave: pac.apiKey });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ ...settings, llaveConfigurada: true, llaveDeEntorno: false });
    expect(JSON.stringify((await m.call('GET', '/api/facturacion/ajustes', 20)).json())).not.toContain(pac.apiKey);
    // Saving again without `llave` keeps it.
    expect((await m.call('PUT', '/api/facturacion/ajustes', 20, settings)).json().llaveConfigurada).toBe(true);
  });
});

describe('an invoice for each payment of an invoiced contract', () => {
  it('is issued by a job after the payment commits; its total is the amount paid to the centavo', async () => {
    const contrato = await invoicedContract();
    const pagoId = await pay(contrato, 348, { facturar: true }); // 300 + 16 %
    expect(await invoiceOf(pagoId)).toEqual([]); // the payment never waits for the PAC
    await runJobs();
    const [row] = await invoiceOf(pagoId);
    expect(row).toMatchObject({ estado: 'valida', total: 348, serie: 'F', motivo: null });
    const stamped = pac.invoices.get(row!.pacId!)!;
    expect(stamped.total).toBe(348);
    expect(stamped.customer).toMatchObject({
      tax_id: 'PEGJ800101AB6',
      legal_name: 'JUAN PÉREZ GÓMEZ',
      tax_system: '612',
    });
    expect(stamped.payment_form).toBe('01'); // cash office
    expect(stamped.items[0]!.description).toBe(
      'Servicio de internet Residencial hasta 3 Mbps del 06/11/2026 al 05/12/2026',
    );
    const api = await m.call('GET', `/api/facturas/${row!.id}`, 16);
    expect(api.json()).toMatchObject({
      idPago: pagoId,
      idContrato: contrato,
      uuid: stamped.uuid,
      estado: 'valida',
      total: 348,
    });
  });

  it('with the reconnection fee on its own line, still to the centavo: $300 + $30 + IVA = $383', async () => {
    const contrato = await invoicedContract();
    await m.t.app.inject({
      method: 'POST',
      url: `/api/contratos/${contrato}/cortar`,
      headers: m.t.auth(m.tokens[20]!),
    });
    const pagoId = await pay(contrato, 383, { facturar: true, reconexion: true });
    await runJobs();
    const [row] = await invoiceOf(pagoId);
    const stamped = pac.invoices.get(row!.pacId!)!;
    expect(stamped.total).toBe(383);
    expect(stamped.items.map((i) => i.description)).toEqual([
      expect.stringContaining('Servicio de internet'),
      'Cargo por reconexión del servicio',
    ]);
  });

  it('a contract that does not invoice gets no invoice of its own', async () => {
    const contrato = await m.contract({ pagadoHasta: '2026-11-05' });
    const pagoId = await pay(contrato, 300);
    await runJobs();
    expect(await invoiceOf(pagoId)).toEqual([]);
  });

  it('is never issued twice: a repeated job, a second click and two at once end in one CFDI', async () => {
    const contrato = await invoicedContract();
    const pagoId = await pay(contrato, 348, { facturar: true });
    const calls = pac.createCalls;
    const [a, b] = await Promise.all([
      m.call('POST', '/api/facturas', 16, { idPago: pagoId }),
      m.call('POST', '/api/facturas', 16, { idPago: pagoId }),
    ]);
    expect([a.statusCode, b.statusCode].sort(), a.body + b.body).toEqual([201, 409]);
    await m.t.app.ctx.jobs.send('facturas.emitir', { idPago: pagoId });
    await runJobs();
    const again = await m.call('POST', '/api/facturas', 16, { idPago: pagoId });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('invoice_exists');
    expect(pac.createCalls - calls).toBe(1);
    expect(await invoiceOf(pagoId)).toHaveLength(1);
  });

  it('PAC down: the invoice waits pending with the reason, then the retry issues it', async () => {
    const contrato = await invoicedContract();
    pac.setFault('down', { times: 1 });
    const pagoId = await pay(contrato, 348, { facturar: true });
    await runJobs();
    expect((await invoiceOf(pagoId))[0]).toMatchObject({
      estado: 'pendiente',
      motivo: 'no se pudo conectar con el PAC: se reintentará',
    });
    await runJobs();
    expect((await invoiceOf(pagoId))[0]).toMatchObject({ estado: 'valida' });
  });

  it('PAC slow past the deadline after stamping: the retry finds the stamped invoice instead of issuing another', async () => {
    const contrato = await invoicedContract();
    pac.setFault('slow', { times: 1, slowMs: 2500 });
    const pagoId = await pay(contrato, 348, { facturar: true });
    const calls = pac.createCalls;
    await runJobs();
    expect((await invoiceOf(pagoId))[0]).toMatchObject({
      estado: 'pendiente',
      motivo: 'el PAC no respondió en 1.5 s: se reintentará',
    });
    const [pending] = await invoiceOf(pagoId);
    // The PAC stamps the slow request after our deadline.
    await vi.waitFor(
      () =>
        expect([...pac.invoices.values()].some((i) => i.external_id === `airlink-factura-${pending!.id}`)).toBe(true),
      { timeout: 10_000, interval: 50 },
    );
    await runJobs();
    const [row] = await invoiceOf(pagoId);
    expect(row).toMatchObject({ estado: 'valida' });
    expect(pac.createCalls - calls).toBe(1);
    expect([...pac.invoices.values()].filter((i) => i.external_id === `airlink-factura-${row!.id}`)).toHaveLength(1);
  });

  it('a malformed answer is retried, never a 500', async () => {
    const contrato = await invoicedContract();
    const pagoId = await pay(contrato, 348);
    pac.setFault('malformed', { times: 1 });
    const res = await m.call('POST', '/api/facturas', 16, { idPago: pagoId });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toMatchObject({
      estado: 'pendiente',
      motivo: 'el PAC respondió algo que no se entiende: se reintentará',
    });
  });

  it.each([
    [
      { codigoPostal: '42001' },
      'el código postal no corresponde al RFC en el SAT: pide al cliente su constancia de situación fiscal',
    ],
    [{ razonSocial: 'Juan Perez' }, 'el nombre no corresponde al RFC en el SAT'],
    [{ regimenFiscal: '606' }, 'el régimen fiscal no corresponde al RFC en el SAT'],
  ])('the SAT refuses %o: error with "%s"; fixed, the same invoice is issued', async (bad, motivo) => {
    const contrato = await invoicedContract(bad);
    const pagoId = await pay(contrato, 348, { facturar: true });
    await runJobs();
    const [row] = await invoiceOf(pagoId);
    expect(row).toMatchObject({ estado: 'error' });
    expect(row!.motivo).toContain(motivo);
    expect((await m.call('PUT', `/api/contratos/${contrato}/datos-fiscales`, 16, juan)).statusCode).toBe(200);
    const retried = await m.call('POST', '/api/facturas', 16, { idPago: pagoId });
    expect(retried.statusCode, retried.body).toBe(201);
    expect(retried.json()).toMatchObject({ id: row!.id, estado: 'valida', motivo: null });
  });

  it('Facturar on a payment of a contract without fiscal data asks for them (400 fiscal_data_missing)', async () => {
    const contrato = await m.contract({ pagadoHasta: '2026-11-05' });
    const pagoId = await pay(contrato, 300);
    const res = await m.call('POST', '/api/facturas', 16, { idPago: pagoId });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('fiscal_data_missing');
    expect((await m.call('POST', '/api/facturas', 10, { idPago: pagoId })).statusCode).toBe(403);
  });
});

describe('files and cancellation', () => {
  let invoiceId: number;
  beforeAll(async () => {
    const contrato = await invoicedContract();
    const pagoId = await pay(contrato, 348, { facturar: true });
    invoiceId = (await m.call('POST', '/api/facturas', 16, { idPago: pagoId })).json().id;
  });

  it('PDF and XML of the stamped invoice', async () => {
    const pdf = await m.call('GET', `/api/facturas/${invoiceId}/pdf`, 16);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const xml = await m.call('GET', `/api/facturas/${invoiceId}/xml`, 16);
    expect(xml.headers['content-type']).toContain('application/xml');
    expect(xml.body).toContain('Version="4.0"');
    expect(xml.body).toContain('Total="348.00"');
  });

  it('level 20 cancels; 02 up to $1,000 is final at once; a second cancellation is 409', async () => {
    expect((await m.call('POST', `/api/facturas/${invoiceId}/cancelar`, 16, { motivo: '02' })).statusCode).toBe(403);
    expect((await m.call('POST', `/api/facturas/${invoiceId}/cancelar`, 20, { motivo: '05' })).statusCode).toBe(400);
    const res = await m.call('POST', `/api/facturas/${invoiceId}/cancelar`, 20, { motivo: '02' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ estado: 'cancelada', motivoCancelacion: '02' });
    const twice = await m.call('POST', `/api/facturas/${invoiceId}/cancelar`, 20, { motivo: '02' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('La factura ya está cancelada.');
  });

  it('motive 01 issues the replacement related to the old UUID, then cancels the old one', async () => {
    const contrato = await invoicedContract();
    const pagoId = await pay(contrato, 348, { facturar: true });
    const old = (await m.call('POST', '/api/facturas', 16, { idPago: pagoId })).json();
    const res = await m.call('POST', `/api/facturas/${old.id}/cancelar`, 20, { motivo: '01' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ estado: 'cancelada', motivoCancelacion: '01' });
    const sub = (await m.call('GET', `/api/facturas/${res.json().sustituta}`, 16)).json();
    expect(sub).toMatchObject({ estado: 'valida', idPago: pagoId, sustituyeA: old.id });
    expect(pac.invoices.get([...pac.invoices.values()].find((i) => i.uuid === old.uuid)!.id)!.cancellation).toEqual({
      motive: '01',
      substitution: [...pac.invoices.values()].find((i) => i.uuid === sub.uuid)!.id,
    });
    // The replacement is the payment's invoice now: 'Facturar' again is a 409 and no third CFDI is issued,
    // by hand or by a repeated job.
    const again = await m.call('POST', '/api/facturas', 16, { idPago: pagoId });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: 'invoice_exists' });
    await m.t.app.ctx.jobs.send('facturas.emitir', { idPago: pagoId });
    await runJobs();
    expect((await invoiceOf(pagoId)).map((i) => i.estado)).toEqual(['cancelada', 'valida']);
  });

  it('above $1,000 the receiver must accept: pending, then final once the PAC says so', async () => {
    const contrato = await invoicedContract();
    const pagoId = await pay(contrato, 1392, { facturar: true }); // 4 months of 300, + 16 %
    const inv = (await m.call('POST', '/api/facturas', 16, { idPago: pagoId })).json();
    const res = await m.call('POST', `/api/facturas/${inv.id}/cancelar`, 20, { motivo: '03' });
    expect(res.json()).toMatchObject({ estado: 'cancelacion_pendiente' });
    expect(res.json().motivo).toContain('aceptar la cancelación');
    const row = (await m.t.database.db.select().from(facturas).where(eq(facturas.id, inv.id)))[0]!;
    pac.settleCancellation(row.pacId!, 'accepted');
    expect((await m.call('POST', `/api/facturas/${inv.id}/actualizar`, 20)).json()).toMatchObject({
      estado: 'cancelada',
    });
  });
});

describe('the global invoice', () => {
  it('covers the month’s payments without an invoice of their own, once, after the month ends', async () => {
    const invoiced = await invoicedContract();
    const octInvoiced = await m.payment({
      contratoId: invoiced,
      idCuenta: 4,
      monto: 348,
      fechaPago: '2026-10-12T17:00:00Z',
    });
    await m.call('POST', '/api/facturas', 16, { idPago: octInvoiced });
    const plain = await m.contract();
    await m.payment({ contratoId: plain, idCuenta: 4, monto: 300, fechaPago: '2026-10-03T17:00:00Z' });
    await m.payment({ contratoId: plain, idCuenta: 5, monto: 500, fechaPago: '2026-10-31T23:00:00Z' }); // 17:00 in Mexico
    await m.payment({ contratoId: plain, idCuenta: 4, monto: 700, fechaPago: '2026-11-01T05:30:00Z' }); // 23:30 on 31 Oct in Mexico
    await m.payment({
      contratoId: plain,
      idCuenta: 4,
      monto: 900,
      fechaPago: '2026-11-01T07:00:00Z'.replace('07', '12'),
    }); // November

    expect((await m.call('GET', '/api/facturas/global/vista-previa?periodo=2026-10', 16)).statusCode).toBe(403);
    const preview = await m.call('GET', '/api/facturas/global/vista-previa?periodo=2026-10', 20);
    expect(preview.json()).toEqual({
      periodo: '2026-10',
      total: 1500,
      pagos: 3,
      emitida: false,
      fechaEmision: '2026-11-02',
    });
    const early = await m.call('POST', '/api/facturas/global', 20, { periodo: '2026-11' });
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toContain('El mes aún no termina');

    const res = await m.call('POST', '/api/facturas/global', 20, { periodo: '2026-10' });
    expect(res.statusCode, res.body).toBe(201);
    const [global] = res.json();
    expect(global).toMatchObject({
      tipo: 'global',
      periodo: '2026-10',
      estado: 'valida',
      total: 1500,
      nombre: 'PUBLICO EN GENERAL',
    });
    const stamped = [...pac.invoices.values()].find((i) => i.uuid === global.uuid)!;
    expect(stamped.customer).toMatchObject({ tax_id: 'XAXX010101000', tax_system: '616', address: { zip: '43800' } });
    expect(stamped.global).toEqual({ periodicity: 'month', months: '10', year: 2026 });
    expect(stamped.items).toHaveLength(3);
    expect(stamped.total).toBe(1500);
    const xml = await m.call('GET', `/api/facturas/${global.id}/xml`, 16);
    expect(xml.body).toContain('InformacionGlobal');

    const again = await m.call('POST', '/api/facturas/global', 20, { periodo: '2026-10' });
    expect(again.statusCode).toBe(409);
    expect((await m.call('GET', '/api/facturas/global/vista-previa?periodo=2026-10', 20)).json()).toMatchObject({
      pagos: 0,
      emitida: true,
    });
  });
});

describe('lists', () => {
  it('pages the invoices newest first with filters and totals by state', async () => {
    expect((await m.call('GET', '/api/facturas', 10)).statusCode).toBe(403);
    const all = (await m.call('GET', '/api/facturas?pageSize=100', 16)).json();
    expect(all.total).toBeGreaterThan(5);
    const errors = (await m.call('GET', '/api/facturas?estado=cancelada&pageSize=100', 16)).json();
    expect(errors.items.every((i: { estado: string }) => i.estado === 'cancelada')).toBe(true);
    expect((await m.call('GET', '/api/facturas?periodo=2026-13', 16)).statusCode).toBe(400);
    const totals = (await m.call('GET', '/api/facturas/totales?periodo=2026-11', 16)).json();
    expect(totals.porEstado.find((t: { estado: string }) => t.estado === 'valida').facturas).toBeGreaterThan(0);
  });
});
