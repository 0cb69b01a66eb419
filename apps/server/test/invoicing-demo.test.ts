import path from 'node:path';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { datosFiscales, facturacionAjustes, jobs } from '../src/db/schema';
import { DEMO_FACTURAPI_KEY, startDemoFacturapi } from '../src/demo/facturapi';
import type { FakeFacturapi } from '../src/demo/fakes/facturapi/fake-server';
import { createMoneyTestApp, type MoneyTestApp } from './money-fixtures';

/** The demo's PAC (issue 26): `npm start` runs a fake Facturapi and a newcomer invoices a demo payment. */
const now = new Date('2026-11-10T17:00:00Z');
const tmp = mkdtempSync(path.join(tmpdir(), 'airlink-facturapi-demo-'));
let m: MoneyTestApp;
let fake: FakeFacturapi | undefined;

beforeAll(async () => {
  m = await createMoneyTestApp(() => now);
});
afterAll(async () => {
  await m?.t.close();
  await fake?.stop();
});

describe('configuration', () => {
  it('the demo runs a fake PAC at PORT+4 or DEMO_FACTURAPI_PORT; never with FACTURAPI_API_URL', () => {
    const dir = path.join(tmp, 'd1');
    const base = loadConfig({ DATA_DIR: dir, PORT: '3000' });
    expect(base.facturapi).toMatchObject({ url: 'https://www.facturapi.io/v2', demoFake: true, demoPort: 3004 });
    expect(loadConfig({ DATA_DIR: dir, DEMO_FACTURAPI_PORT: '3999' }).facturapi.demoPort).toBe(3999);
    const real = loadConfig({ DATA_DIR: dir, FACTURAPI_API_URL: 'https://pac.ejemplo.mx/v2/', FACTURAPI_KEY: 'sk_x' });
    expect(real.facturapi).toMatchObject({ url: 'https://pac.ejemplo.mx/v2', key: 'sk_x', demoFake: false });
  });
});

describe('startDemoFacturapi', () => {
  it('switches invoicing on with the demo key and gives the first invoiced contract fiscal data, once', async () => {
    const plain = await m.contract();
    const invoiced = await m.contract({ facturar: true, pagadoHasta: '2026-11-05' });
    const started = await startDemoFacturapi(m.t.database.db, m.t.app.ctx.secrets, {
      host: '127.0.0.1',
      facturapi: { url: 'https://www.facturapi.io/v2', timeoutMs: 1500, demoFake: true, demoPort: 0 },
    });
    fake = started.fake;
    expect(started.contratoId).toBe(invoiced);
    expect(started.facturapi.url).toBe(fake.url);
    const [settings] = await m.t.database.db.select().from(facturacionAjustes);
    expect(settings).toMatchObject({ activa: true, automatica: true, codigoPostal: '43800' });
    expect(m.t.app.ctx.secrets.open(settings!.pacKeyEnc!)).toBe(DEMO_FACTURAPI_KEY);
    const fiscal = await m.t.database.db.select().from(datosFiscales);
    expect(fiscal.map((f) => f.contratoId)).toEqual([invoiced]);
    expect(fiscal.map((f) => f.contratoId)).not.toContain(plain);

    // A second start (the demo restarted) leaves what Administración saved.
    await m.t.database.db.update(facturacionAjustes).set({ serie: 'A' });
    const again = await startDemoFacturapi(m.t.database.db, m.t.app.ctx.secrets, {
      host: '127.0.0.1',
      facturapi: { url: 'https://www.facturapi.io/v2', timeoutMs: 1500, demoFake: true, demoPort: 0 },
    });
    await again.fake.stop();
    expect(again.contratoId).toBeNull();
    expect((await m.t.database.db.select().from(facturacionAjustes))[0]!.serie).toBe('A');

    // The app pointed at the fake (main.ts replaces config.facturapi): a payment of that contract is invoiced
    // by the job and its PDF opens.
    Object.assign(m.t.app.ctx.config.facturapi, started.facturapi);
    const paid = await m.t.app.inject({
      method: 'POST',
      url: '/api/Pagos/registrar',
      headers: { ...m.t.auth(m.tokens[16]!), 'idempotency-key': 'invoicing-demo-1' },
      payload: { idCliente: invoiced, monto: 348, idCuenta: 4, facturar: true },
    });
    expect(paid.statusCode, paid.body).toBe(201);
    await m.t.database.db
      .update(jobs)
      .set({ runAt: new Date(0) })
      .where(eq(jobs.state, 'queued'));
    await m.t.app.ctx.jobs.drain();
    const list = await m.call('GET', `/api/facturas?idContrato=${invoiced}`, 16);
    const [invoice] = list.json().items;
    expect(invoice).toMatchObject({ estado: 'valida', total: 348, serie: 'A' });
    const pdf = await m.call('GET', `/api/facturas/${invoice.id}/pdf`, 16);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });
});
