import { randomUUID } from 'node:crypto';
import { businessDate, dailyReportText, type DailyReport, type DailyReportSend } from '@airlink/domain';
import { eq } from 'drizzle-orm';
import type { Task } from '@airlink/domain';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLog, dailyReportSends, devices, messages, radioCurrent, routerCurrent, routers } from '../src/db/schema';
import type { FakeEvolutionServer } from '../src/demo/fakes/evolution/fake-server';
import { JobRunner } from '../src/modules/jobs/job-runner';
import { JobsRepository } from '../src/modules/jobs/jobs.repository';
import { startDepartmentInstance } from './evolution-fixtures';
import { createMoneyTestApp, type MoneyTestApp } from './money-fixtures';

/** Thursday 15 October 2026, 12:00 in Mexico City. */
let now = new Date('2026-10-15T18:00:00Z');
const BASE = '/api/reporte-diario';
const OWNER = '7711230000';

let m: MoneyTestApp;
let fake: FakeEvolutionServer;

beforeAll(async () => {
  const instance = await startDepartmentInstance('Direccion', 'Dirección');
  fake = instance.fake;
  m = await createMoneyTestApp(() => now);
  await instance.register(m);

  // Income of the day: two offices and a bank; one payment of the day before is left out.
  const c1 = await m.contract({ nombre: 'Ana Torres', pagadoHasta: '2026-10-01' });
  const c2 = await m.contract({ nombre: 'Beto Ruiz' });
  await m.payment({ contratoId: c1, idCuenta: 4, monto: 300, fechaPago: '2026-10-15T16:00:00Z' });
  await m.payment({ contratoId: c1, idCuenta: 3, monto: 450, fechaPago: '2026-10-15T17:00:00Z' });
  await m.payment({ contratoId: c2, idCuenta: 2, monto: 500, fechaPago: '2026-10-15T17:30:00Z' });
  await m.payment({ contratoId: c2, idCuenta: 4, monto: 999, fechaPago: '2026-10-14T17:00:00Z' });
  // A cash close of Tizayuca with a difference, a cut and a reconnection of the day.
  expect(
    (await m.call('POST', '/api/cortes-caja', 16, { idCuenta: 4, fecha: '2026-10-15', contado: 280, nota: '' }))
      .statusCode,
  ).toBe(201);
  expect((await m.call('POST', `/api/contratos/${c1}/cortar`, 17)).statusCode).toBe(200);
  expect((await m.call('POST', `/api/contratos/${c2}/cortar`, 17)).statusCode).toBe(200);
  expect((await m.call('POST', `/api/contratos/${c2}/reconectar`, 17)).statusCode).toBe(200);
  // The audit is stamped by the database clock; these happened on the test's day, in this order.
  const changes = await m.t.database.db
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(eq(auditLog.entity, 'contract'))
    .orderBy(auditLog.id);
  for (const [i, c] of changes.entries())
    await m.t.database.db
      .update(auditLog)
      .set({ at: new Date(Date.UTC(2026, 9, 15, 19, i)) })
      .where(eq(auditLog.id, c.id));
  // A radio and a router whose last poll failed; a radio that answers.
  const [down, up] = await m.t.database.db
    .insert(devices)
    .values([
      {
        hwaddr: 'AA:BB:CC:00:00:01',
        hostname: 'Radio Cerro',
        ipaddr: '10.5.0.2',
        lastSeen: new Date('2026-10-15T10:00:00Z'),
      },
      { hwaddr: 'AA:BB:CC:00:00:02', hostname: 'Radio Centro', ipaddr: '10.5.0.3' },
    ])
    .returning({ id: devices.id });
  await m.t.database.db.insert(radioCurrent).values([
    { deviceId: down!.id, pollAt: now, lastError: 'No responde', lastErrorAt: now, failures: 3 },
    { deviceId: up!.id, pollAt: now, readAt: now },
  ]);
  const [router] = await m.t.database.db
    .insert(routers)
    .values({ host: '10.9.9.9', hostname: 'Torre Norte' })
    .returning({ id: routers.id });
  await m.t.database.db
    .insert(routerCurrent)
    .values({ routerId: router!.id, pollAt: now, lastError: 'Tiempo agotado', lastErrorAt: now, failures: 2 });
});
afterAll(async () => {
  await m?.t.close();
  await fake?.stop();
});

const settings = (over: Record<string, unknown> = {}) =>
  m.call('PUT', `${BASE}/configuracion`, 20, {
    activo: true,
    telefono: OWNER,
    hora: '20:30',
    instancia: 'Direccion',
    ...over,
  });
const ownerMessages = () =>
  fake.instance('Direccion').messages.filter((msg) => msg.key.fromMe && msg.key.remoteJid.startsWith('527711230000'));

describe('daily report', () => {
  it('level 20 only', async () => {
    for (const [method, url, body] of [
      ['GET', BASE],
      ['GET', `${BASE}/configuracion`],
      ['PUT', `${BASE}/configuracion`, {}],
      ['GET', `${BASE}/envios`],
      ['POST', `${BASE}/enviar`],
    ] as const) {
      expect((await m.call(method, url, 18, body)).statusCode, url).toBe(403);
      expect((await m.call(method, url, null, body)).statusCode, url).toBe(401);
    }
  });

  it('adds up the day: income per office, bank and account, cash closes, cuts, reconnections, what is down', async () => {
    const res = await m.call('GET', `${BASE}?fecha=2026-10-15`, 20);
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json() as DailyReport;
    expect(r.ingresos).toMatchObject({ tizayuca: 300, pachuca: 450, banco: 500, total: 1250, cantidadPagos: 3 });
    expect(r.ingresos.porCuenta.find((a) => a.cuenta === 'Banamex Crispin')).toMatchObject({
      monto: 500,
      cantidadPagos: 1,
    });
    expect(r.cortesCaja).toMatchObject([{ cuenta: 'Oficina Aurrera', contado: 280, diferencia: -20 }]);
    expect(r.cortes.map((c) => c.nombre)).toEqual(['Ana Torres', 'Beto Ruiz']);
    expect(r.reconexiones.map((c) => c.nombre)).toEqual(['Beto Ruiz']);
    expect(r.radiosCaidos).toMatchObject([{ nombre: 'Radio Cerro', ip: '10.5.0.2', error: 'No responde' }]);
    expect(r.routersCaidos).toMatchObject([{ nombre: 'Torre Norte', error: 'Tiempo agotado' }]);
    // Another day has none of it.
    const other = (await m.call('GET', `${BASE}?fecha=2026-10-14`, 20)).json() as DailyReport;
    expect(other.ingresos.total).toBe(999);
    expect(other.cortes).toEqual([]);
    expect((await m.call('GET', `${BASE}?fecha=2026-13-01`, 20)).statusCode).toBe(400);
  });

  it('refuses an invalid phone and switching on without phone or instance; saves and audits a good one', async () => {
    expect((await settings({ telefono: '123' })).statusCode).toBe(400);
    expect((await settings({ telefono: '' })).statusCode).toBe(400);
    expect((await settings({ instancia: 'NoExiste' })).statusCode).toBe(400);
    const ok = await settings({ activo: false });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ telefono: '527711230000' });
    const audits = await m.t.database.db.select().from(auditLog).where(eq(auditLog.entity, 'daily_report'));
    expect(audits).toHaveLength(1);
  });

  it('the schedule sends once a day at its time, across two runners, into the inbox conversation', async () => {
    expect((await settings()).statusCode).toBe(200);
    now = new Date('2026-10-16T02:00:00Z'); // 15 October, 20:00: not yet
    await m.t.app.ctx.dailyReport.tick();
    expect(ownerMessages()).toHaveLength(0);
    now = new Date('2026-10-16T02:31:00Z'); // 20:31
    await Promise.all([m.t.app.ctx.dailyReport.tick(), m.t.app.ctx.dailyReport.tick()]);
    await m.t.app.ctx.dailyReport.tick();
    const sent = ownerMessages();
    expect(sent).toHaveLength(1);
    const text = JSON.stringify(sent[0]!.message);
    expect(text).toContain('Reporte del 15/10/2026');
    expect(text).toContain('Ingresos: $1,250.00');
    expect(text).toContain('Routers caídos: 1 (Torre Norte)');
    const stored = await m.t.database.db.select().from(messages).where(eq(messages.instance, 'Direccion'));
    expect(stored).toHaveLength(1);
    const sends = (await m.call('GET', `${BASE}/envios`, 20)).json() as DailyReportSend[];
    expect(sends[0]).toMatchObject({ fecha: '2026-10-15', estado: 'enviado', intentos: 1 });
  });

  it('an outage records the failure and a later minute sends it; never reported as sent without Evolution', async () => {
    now = new Date('2026-10-17T02:40:00Z'); // 16 October, 20:40
    fake.setState('Direccion', 'close');
    await expect(m.t.app.ctx.dailyReport.tick()).rejects.toThrow();
    let [row] = await m.t.database.db.select().from(dailyReportSends).where(eq(dailyReportSends.fecha, '2026-10-16'));
    expect(row).toMatchObject({ estado: 'fallido', intentos: 1 });
    const manual = await m.call('POST', `${BASE}/enviar`, 20);
    expect(manual.statusCode).toBe(409);
    fake.setState('Direccion', 'open');
    await m.t.app.ctx.dailyReport.tick();
    [row] = await m.t.database.db.select().from(dailyReportSends).where(eq(dailyReportSends.fecha, '2026-10-16'));
    expect(row).toMatchObject({ estado: 'enviado' });
    expect(ownerMessages()).toHaveLength(2);
    // 'Enviar ahora' sends again on request.
    const again = await m.call('POST', `${BASE}/enviar`, 20);
    expect(again.statusCode, again.body).toBe(200);
    expect(ownerMessages()).toHaveLength(3);
  });

  it("a run whose send fails is 'failed' in Tareas with the reason, as in the report's own history", async () => {
    now = new Date('2026-10-20T02:40:00Z'); // 19 October (Monday), 20:40
    fake.setState('Direccion', 'close');
    const runner = new JobRunner(new JobsRepository(m.t.database.db), { log: m.t.app.log, pollMs: 50 });
    m.t.app.ctx.dailyReport.register(runner);
    await runner.start();
    try {
      expect(await runner.runNow('reporte-diario')).toBe('queued');
      await vi.waitFor(
        async () => {
          const tasks = (await m.call('GET', '/api/tareas', 20)).json() as Task[];
          const task = tasks.find((t) => t.nombre === 'reporte-diario');
          expect(task).toMatchObject({ enCurso: false, ultima: { estado: 'failed' }, fallas: 1 });
          expect(task!.ultima!.error).toBeTruthy();
        },
        { timeout: 10_000, interval: 100 },
      );
    } finally {
      await runner.stop();
      fake.setState('Direccion', 'open');
    }
    const [row] = await m.t.database.db.select().from(dailyReportSends).where(eq(dailyReportSends.fecha, '2026-10-19'));
    expect(row).toMatchObject({ estado: 'fallido' });
    const tasks = (await m.call('GET', '/api/tareas', 20)).json() as Task[];
    expect(tasks.find((t) => t.nombre === 'reporte-diario')!.ultima!.error).toBe(row!.error);
  });

  it('counts a reconnection made by a reconnection payment, and shows an undone run apart from the reconnections', async () => {
    now = new Date('2026-10-22T17:00:00Z'); // Thursday 22 October: a run day
    const dora = await m.contract({ no: 9001, nombre: 'Dora Vega', pagadoHasta: '2026-09-01' });
    const eli = await m.contract({ no: 9002, nombre: 'Eli Soto', pagadoHasta: '2026-09-01' });
    const run = await m.call('POST', '/api/cortes-programados/ejecuciones', 20, { confirmar: true });
    expect(run.statusCode, run.body).toBe(201);
    const runId = (run.json() as { id: number }).id;
    expect((await m.call('POST', `/api/cortes-programados/ejecuciones/${runId}/deshacer`, 20)).statusCode).toBe(200);
    // Eli is cut again by hand and pays with reconnection: a real reconnection of the day.
    expect((await m.call('POST', `/api/contratos/${eli}/cortar`, 17)).statusCode).toBe(200);
    const paid = await m.t.app.inject({
      method: 'POST',
      url: '/api/Pagos/registrar',
      headers: { ...m.t.auth(m.tokens[16]!), 'idempotency-key': randomUUID() },
      payload: { idCliente: eli, monto: 330, idCuenta: 4, reconexion: true },
    });
    expect(paid.statusCode, paid.body).toBe(201);

    // The audit is stamped by the database clock: the report of that (real) day.
    const today = businessDate(new Date(), 'America/Mexico_City');
    const r = (await m.call('GET', `${BASE}?fecha=${today}`, 20)).json() as DailyReport;
    const mine = (list: Array<{ idContrato: number }>) =>
      list.filter((c) => c.idContrato === dora || c.idContrato === eli);
    // Cut by the run (both) and by hand (Eli).
    expect(mine(r.cortes).map((c) => c.idContrato)).toEqual([dora, eli, eli]);
    // The undo's reconnections are not reconnections of the day; the payment's is.
    expect(mine(r.reconexiones)).toEqual([
      expect.objectContaining({ idContrato: eli, nombre: 'Eli Soto', porPago: true }),
    ]);
    const detail = (await m.call('GET', `/api/cortes-programados/ejecuciones/${runId}`, 20)).json() as {
      resultados: Array<{ resultado: string }>;
    };
    expect(r.deshechas).toEqual([
      expect.objectContaining({
        idEjecucion: runId,
        fecha: '2026-10-22',
        reconectados: detail.resultados.filter((x) => x.resultado === 'reconectado').length,
      }),
    ]);
    expect(r.deshechas[0]!.reconectados).toBeGreaterThanOrEqual(2);
    expect(dailyReportText(r)).toContain('• Corte programado del 22/10/2026 deshecho:');
  });
});
