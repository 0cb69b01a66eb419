import type { AutomationRun, AutomationRunDetail, Contract, CutPreview, Router } from '@airlink/domain';
import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLog, contratos, cutRuns } from '../src/db/schema';
import { buildDemoRouterSeed, startFakeRouterOs, type FakeRouterOs } from '../src/demo/fakes/routeros/fake-server';
import { JobRunner } from '../src/modules/jobs/job-runner';
import { JobsRepository } from '../src/modules/jobs/jobs.repository';
import { createMoneyTestApp, type MoneyTestApp } from './money-fixtures';

/** Friday 16 October 2026, 11:00 in Mexico City; tests move the clock to later business days. */
let now = new Date('2026-10-16T17:00:00Z');
const ROUTER_PASSWORD = 'r0uter-s3cret';
const LIST = 'airlink-cortados';
const BASE = '/api/cortes-programados';

let m: MoneyTestApp;
let fake: FakeRouterOs;
let router: Router;
let seq = 0;

beforeAll(async () => {
  m = await createMoneyTestApp(() => now);
  m.t.app.ctx.routerControl.configure({ connectTimeoutMs: 1_000, commandTimeoutMs: 700 });
  fake = await startFakeRouterOs({
    identity: 'torre-sur',
    users: [{ name: 'airlink', password: ROUTER_PASSWORD }],
    seed: buildDemoRouterSeed({ customers: 40, subnet: 22 }),
  });
  router = await ok<Router>(
    await m.call('POST', '/api/MikrotikRouters', 20, {
      host: '127.0.0.1',
      port: fake.port,
      username: 'airlink',
      password: ROUTER_PASSWORD,
      hostname: 'Torre Sur',
    }),
    201,
  );
  // Plenty of up-to-date customers, so the share guard (10 %) lets the small runs of these tests through.
  for (let i = 0; i < 60; i++) await m.contract({ no: 1000 + i, pagadoHasta: '2027-06-30' });
});
afterAll(async () => {
  await m?.t.close();
  await fake?.stop();
});

async function ok<T>(res: LightMyRequestResponse, status = 200): Promise<T> {
  expect(res.statusCode, res.body).toBe(status);
  return res.json() as T;
}

/** A contract on the fake router (its PPPoE user and IP exist there), paid until `pagadoHasta`. */
async function customer(pagadoHasta: string, over: Partial<typeof contratos.$inferInsert> = {}) {
  seq++;
  const name = `cli${String(seq).padStart(4, '0')}`;
  const id = await m.contract({
    routerId: router.id,
    usuarioPppoe: name,
    ipCliente: `10.22.0.${(seq % 250) + 2}`,
    no: 100 + seq,
    pagadoHasta,
    ...over,
  });
  return { id, name, ip: `10.22.0.${(seq % 250) + 2}` };
}
const listed = (ip: string) => fake.addressList(LIST).some((e) => e.address === ip);
const contract = async (id: number) => ok<Contract>(await m.call('GET', `/api/contratos/${id}`, 17));
async function settings(over: Record<string, unknown> = {}) {
  return ok(
    await m.call('PUT', `${BASE}/configuracion`, 20, {
      activo: false,
      hora: '10:00',
      modo: 'aprobacion',
      limitePorcentaje: 10,
      ...over,
    }),
  );
}

describe('access: level 20 on every route', () => {
  it.each([
    ['GET', `${BASE}/configuracion`],
    ['PUT', `${BASE}/configuracion`],
    ['GET', `${BASE}/vista-previa`],
    ['POST', `${BASE}/aprobaciones`],
    ['GET', `${BASE}/ejecuciones`],
    ['POST', `${BASE}/ejecuciones`],
    ['GET', `${BASE}/ejecuciones/1`],
    ['POST', `${BASE}/ejecuciones/1/deshacer`],
    ['POST', `${BASE}/ejecuciones/1/cancelar`],
    ['GET', `${BASE}/no-cortar`],
    ['PUT', `${BASE}/no-cortar/1`],
    ['DELETE', `${BASE}/no-cortar/1`],
  ] as const)('%s %s: 401 without a session, 403 below 20', async (method, url) => {
    expect((await m.call(method, url, null, method === 'GET' ? undefined : {})).statusCode).toBe(401);
    for (const level of [17, 18]) {
      const res = await m.call(method, url, level, method === 'GET' || method === 'DELETE' ? undefined : {});
      expect(res.statusCode, `${level}`).toBe(403);
      expect(res.json().message).toMatch(/permiso/);
    }
  });
});

describe('schedule settings', () => {
  it('defaults (off, 10:00, approval, 10 %), saved and audited, strict input refused in Spanish', async () => {
    expect(await ok(await m.call('GET', `${BASE}/configuracion`, 20))).toEqual({
      activo: false,
      hora: '10:00',
      modo: 'aprobacion',
      limitePorcentaje: 10,
    });
    await settings({ hora: '09:30', modo: 'automatico', limitePorcentaje: 15 });
    expect(await ok(await m.call('GET', `${BASE}/configuracion`, 20))).toMatchObject({
      hora: '09:30',
      limitePorcentaje: 15,
    });
    const bad = await m.call('PUT', `${BASE}/configuracion`, 20, {
      activo: true,
      hora: '25:00',
      modo: 'automatico',
      limitePorcentaje: 10,
    });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('La hora de los cortes no es válida');
    expect(await ok(await m.call('GET', `${BASE}/configuracion`, 20))).toMatchObject({ hora: '09:30' });
    const audit = await m.t.database.db.select().from(auditLog).where(eq(auditLog.entity, 'scheduled_cuts'));
    expect(audit.length).toBeGreaterThanOrEqual(1);
    await settings();
  });
});

describe('preview, run, race, undo', () => {
  it("tomorrow's list: who, days late and amount owed; skips paid-up, unauthorized and 'no cortar' contracts", async () => {
    const late = await customer('2026-09-30'); // cut-off 5 Oct: due
    const paid = await customer('2026-10-14'); // cut-off 19 Oct: not before Monday 19
    const draft = await customer('2026-09-30', { no: 0 });
    const spared = await customer('2026-09-30');
    // Bad 'no cortar' input: empty reason, past end date, unknown contract.
    expect(
      (await m.call('PUT', `${BASE}/no-cortar/${spared.id}`, 20, { motivo: '', hasta: '2026-10-30' })).statusCode,
    ).toBe(400);
    const past = await m.call('PUT', `${BASE}/no-cortar/${spared.id}`, 20, { motivo: 'Hospital', hasta: '2026-10-01' });
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toBe('La fecha de fin ya pasó.');
    expect((await m.call('PUT', `${BASE}/no-cortar/999999`, 20, { motivo: 'x', hasta: '2026-10-30' })).statusCode).toBe(
      404,
    );
    const marks = await ok<{ idContrato: number; creadoPor: string }[]>(
      await m.call('PUT', `${BASE}/no-cortar/${spared.id}`, 20, { motivo: 'Hospitalizado', hasta: '2026-10-19' }),
    );
    expect(marks).toEqual([
      expect.objectContaining({ idContrato: spared.id, motivo: 'Hospitalizado', creadoPor: 'Adriana Admin' }),
    ]);

    const preview = await ok<CutPreview>(await m.call('GET', `${BASE}/vista-previa`, 20));
    expect(preview.fecha).toBe('2026-10-19'); // Friday → Monday
    const ids = preview.contratos.map((c) => c.idContrato);
    expect(ids).toContain(late.id);
    expect(ids).not.toContain(paid.id);
    expect(ids).not.toContain(draft.id);
    expect(ids).not.toContain(spared.id);
    expect(preview.contratos.find((c) => c.idContrato === late.id)).toMatchObject({
      pagadoHasta: '2026-09-30',
      fechaCorte: '2026-10-05',
      diasRetraso: 19,
      adeudo: 300,
    });
    // The mark ends on the 19th: on Tuesday 20 the contract is due again.
    const tuesday = await ok<CutPreview>(await m.call('GET', `${BASE}/vista-previa?fecha=2026-10-20`, 20));
    expect(tuesday.contratos.map((c) => c.idContrato)).toContain(spared.id);
    expect((await m.call('GET', `${BASE}/vista-previa?fecha=2026-13-01`, 20)).statusCode).toBe(400);
    // A weekend or a holiday is no run day: the preview says so and lists no one.
    const saturday = await ok<CutPreview>(await m.call('GET', `${BASE}/vista-previa?fecha=2026-10-24`, 20));
    expect(saturday).toMatchObject({
      fecha: '2026-10-24',
      diaHabil: false,
      contratos: [],
      requiereConfirmacion: false,
    });
    expect(saturday.noHabil).toBe('No es día hábil (no se trabaja ese día de la semana): no se corta a nadie ese día.');
    const holiday = await ok<CutPreview>(await m.call('GET', `${BASE}/vista-previa?fecha=2026-11-16`, 20));
    expect(holiday).toMatchObject({ diaHabil: false, contratos: [] });
    expect(holiday.noHabil).toContain('festivo oficial');
    expect(tuesday).toMatchObject({ diaHabil: true, noHabil: null, hoy: '2026-10-16' });
    expect((await m.call('DELETE', `${BASE}/no-cortar/${spared.id}`, 20)).statusCode).toBe(204);
    expect((await m.call('DELETE', `${BASE}/no-cortar/${spared.id}`, 20)).statusCode).toBe(404);
  });

  it('a run never happens on a weekend or holiday', async () => {
    now = new Date('2026-10-17T17:00:00Z'); // Saturday
    const res = await m.call('POST', `${BASE}/ejecuciones`, 20, {});
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: 'not_run_day' });
    const holiday = await m.call('POST', `${BASE}/aprobaciones`, 20, { fecha: '2026-11-16' }); // 3rd Monday of November
    expect(holiday.statusCode).toBe(409);
    expect(await m.t.database.db.select().from(cutRuns)).toEqual([]);
  });

  let runId = 0;
  let cut: Awaited<ReturnType<typeof customer>>;
  let manual: Awaited<ReturnType<typeof customer>>;

  it("'Ejecutar ahora' cuts on the router; a router failure is an error per contract; a payment during the run wins", async () => {
    now = new Date('2026-10-19T17:00:00Z'); // Monday
    cut = await customer('2026-09-15');
    const ghost = await customer('2026-09-15', { usuarioPppoe: 'nadie' });
    const payer = await customer('2026-09-15');
    manual = await customer('2026-09-15');
    // Cut by hand before the run: the run leaves it (and its undo will not reconnect it).
    await ok(await m.call('POST', `/api/contratos/${manual.id}/cortar`, 17, {}));
    // What 'Ejecutar ahora' shows while it runs: the run's progress, read before each contract is cut.
    const progress: Array<Pick<AutomationRun, 'estado' | 'total' | 'procesados' | 'enRouter'>> = [];
    m.t.app.ctx.automation.setBeforeEachCut(async (id) => {
      const [live] = await ok<AutomationRun[]>(await m.call('GET', `${BASE}/ejecuciones`, 20));
      progress.push({
        estado: live!.estado,
        total: live!.total,
        procesados: live!.procesados,
        enRouter: live!.enRouter,
      });
      // The customer pays at the counter while the run is going (an abono: paid-until does not move).
      if (id === payer.id) await m.payment({ contratoId: payer.id, idCuenta: 4, monto: 100, fechaPago: now });
    });
    try {
      const run = await ok<AutomationRunDetail>(await m.call('POST', `${BASE}/ejecuciones`, 20, {}), 201);
      runId = run.id;
      expect(run).toMatchObject({ fecha: '2026-10-19', estado: 'terminada', aprobadaPor: 'Adriana Admin' });
      const byId = new Map(run.resultados.map((r) => [r.idContrato, r]));
      expect(byId.get(cut.id)).toMatchObject({ resultado: 'cortado', mensaje: null });
      expect(byId.get(ghost.id)).toMatchObject({
        resultado: 'error',
        mensaje: 'El usuario PPPoE nadie no existe en el router.',
      });
      expect(byId.get(payer.id)).toMatchObject({
        resultado: 'omitido',
        mensaje: 'Registró un pago durante la ejecución; no se cortó.',
      });
      expect(byId.has(manual.id)).toBe(false);
      // Progress 'x of N': N is the list, x goes up by one per contract; only the router's cuts are counted.
      const total = run.resultados.length;
      expect(progress.map((p) => p.procesados)).toEqual([...Array(total).keys()]);
      expect(progress.every((p) => p.estado === 'en_curso' && p.total === total)).toBe(true);
      const routerCuts = run.resultados.filter((r) => r.resultado === 'cortado').length;
      expect(progress.at(-1)!.enRouter).toBe(
        routerCuts - (byId.get(run.resultados.at(-1)!.idContrato)!.resultado === 'cortado' ? 1 : 0),
      );
      expect(run).toMatchObject({ total, procesados: total, enRouter: routerCuts });
      // The ghost was flagged cut but its router refused: counted in 'cortados', never as cut on the router.
      expect(run.cortados).toBe(routerCuts + 1);
    } finally {
      m.t.app.ctx.automation.setBeforeEachCut(undefined);
    }
    // The fake router holds the cut; the payer was never touched.
    expect(listed(cut.ip)).toBe(true);
    expect(fake.secret(cut.name)!.disabled).toBe(true);
    expect(listed(payer.ip)).toBe(false);
    expect(fake.secret(payer.name)!.disabled).toBe(false);
    expect(await contract(cut.id)).toMatchObject({ cortado: true, estadoRed: 'aplicado' });
    expect(await contract(payer.id)).toMatchObject({ cortado: false });
    // One run per day.
    const again = await m.call('POST', `${BASE}/ejecuciones`, 20, {});
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: 'run_exists' });
    const list = await ok<AutomationRun[]>(await m.call('GET', `${BASE}/ejecuciones`, 20));
    expect(list[0]).toMatchObject({ id: runId, errores: 1, omitidos: 1 });
    // The customers due since the preview test are in this run too.
    expect(list[0]!.cortados).toBeGreaterThanOrEqual(2);
  });

  it('undo reconnects exactly the contracts of the run, once', async () => {
    const undone = await ok<AutomationRunDetail>(await m.call('POST', `${BASE}/ejecuciones/${runId}/deshacer`, 20));
    expect(undone.estado).toBe('deshecha');
    expect(undone.deshechaPor).toBe('Adriana Admin');
    expect(undone.resultados.find((r) => r.idContrato === cut.id)).toMatchObject({ resultado: 'reconectado' });
    expect(listed(cut.ip)).toBe(false);
    expect(fake.secret(cut.name)!.disabled).toBe(false);
    expect(await contract(cut.id)).toMatchObject({ cortado: false, estadoRed: 'aplicado' });
    // Cut by hand, not by the run: still cut.
    expect(await contract(manual.id)).toMatchObject({ cortado: true });
    expect(listed(manual.ip)).toBe(true);
    const twice = await m.call('POST', `${BASE}/ejecuciones/${runId}/deshacer`, 20);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ error: 'run_not_undoable' });
    expect((await m.call('POST', `${BASE}/ejecuciones/999999/deshacer`, 20)).statusCode).toBe(404);
    const audit = await m.t.database.db.select().from(auditLog).where(eq(auditLog.entity, 'scheduled_cut_run'));
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['run', 'undo']));
    // Reconnect the hand-cut one so the next tests start from a clean router.
    await ok(await m.call('POST', `/api/contratos/${manual.id}/reconectar`, 17, {}));
  });
});

describe('the share guard', () => {
  it('a run over the limit asks for confirmation and cuts nobody until confirmed', async () => {
    now = new Date('2026-10-20T17:00:00Z'); // Tuesday
    await settings({ limitePorcentaje: 1 });
    const preview = await ok<CutPreview>(await m.call('GET', `${BASE}/vista-previa?fecha=2026-10-20`, 20));
    expect(preview.requiereConfirmacion).toBe(true);
    const res = await m.call('POST', `${BASE}/ejecuciones`, 20, {});
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: 'confirmation_required' });
    expect(res.json().message).toMatch(/^Se cortarían \d+ de \d+ contratos activos, más del 1 %/);
    const before = await m.t.database.db.select().from(contratos).where(eq(contratos.cortado, true));
    expect(before).toEqual([]);
    const run = await ok<AutomationRunDetail>(
      await m.call('POST', `${BASE}/ejecuciones`, 20, { confirmar: true }),
      201,
    );
    expect(run.confirmada).toBe(true);
    expect(run.cortados).toBe(preview.contratos.length);
    // Undo so the next test starts with every customer connected.
    await ok(await m.call('POST', `${BASE}/ejecuciones/${run.id}/deshacer`, 20));
    await settings();
  });

  it('the automatic schedule stops before cutting when the limit trips', async () => {
    now = new Date('2026-10-21T17:00:00Z'); // Wednesday, 11:00
    await settings({ activo: true, modo: 'automatico', hora: '10:00', limitePorcentaje: 1 });
    // The schedule's minute creates today's run (the run job would execute it; here it is executed directly).
    await m.t.app.ctx.automation.tick();
    const [created] = await m.t.database.db.select().from(cutRuns).where(eq(cutRuns.fecha, '2026-10-21'));
    expect(created).toMatchObject({ estado: 'aprobada', modo: 'automatico', confirmada: false });
    await m.t.app.ctx.automation.execute(created!.id);
    const [run] = await m.t.database.db.select().from(cutRuns).where(eq(cutRuns.fecha, '2026-10-21'));
    expect(run).toMatchObject({ estado: 'requiere_confirmacion', modo: 'automatico' });
    expect(run!.mensaje).toMatch(/^Se detuvo sin cortar/);
    expect(await m.t.database.db.select().from(contratos).where(eq(contratos.cortado, true))).toEqual([]);
    await settings();
  });
});

describe('the schedule on the job runner', () => {
  it('approval mode: an approved date runs at its time, once, with two runner instances', async () => {
    now = new Date('2026-10-22T14:00:00Z'); // Thursday 08:00: before the time of day
    const due = await customer('2026-10-01');
    await settings({ activo: true, modo: 'aprobacion', hora: '10:00', limitePorcentaje: 100 });
    const approved = await ok<AutomationRun>(
      await m.call('POST', `${BASE}/aprobaciones`, 20, { fecha: '2026-10-22' }),
      201,
    );
    expect(approved.estado).toBe('aprobada');
    expect((await m.call('POST', `${BASE}/aprobaciones`, 20, { fecha: '2026-10-22' })).statusCode).toBe(409);
    expect((await m.call('POST', `${BASE}/aprobaciones`, 20, { fecha: '2026-10-01' })).statusCode).toBe(400);

    const log = m.t.app.log;
    const runners = [1, 2].map(
      () => new JobRunner(new JobsRepository(m.t.database.db), { log, pollMs: 50, concurrency: 2 }),
    );
    for (const r of runners) m.t.app.ctx.automation.register(r);
    try {
      await Promise.all(runners.map((r) => r.start()));
      // The schedule is due now on both instances (as if its minute had come).
      await m.t.database.db.execute(
        sql`UPDATE job_schedules SET next_run_at = now() - interval '1 second' WHERE name = 'cortes-programados'`,
      );
      // Before 10:00 nothing happens.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect((await m.t.database.db.select().from(cutRuns).where(eq(cutRuns.id, approved.id)))[0]!.estado).toBe(
        'aprobada',
      );
      now = new Date('2026-10-22T16:05:00Z'); // 10:05
      await m.t.database.db.execute(
        sql`UPDATE job_schedules SET next_run_at = now() - interval '1 second' WHERE name = 'cortes-programados'`,
      );
      await vi.waitFor(
        async () => {
          const [row] = await m.t.database.db.select().from(cutRuns).where(eq(cutRuns.id, approved.id));
          expect(row!.estado).toBe('terminada');
        },
        // A bound for a hang, not for speed: two runners polling a busy machine may take a while.
        { timeout: 90_000, interval: 100 },
      );
    } finally {
      await Promise.all(runners.map((r) => r.stop()));
    }
    const detail = await ok<AutomationRunDetail>(await m.call('GET', `${BASE}/ejecuciones/${approved.id}`, 20));
    expect(
      detail.resultados.filter((r) => r.idContrato === due.id),
      JSON.stringify(detail),
    ).toEqual([expect.objectContaining({ resultado: 'cortado' })]);
    expect(listed(due.ip)).toBe(true);
    const runs = await new JobsRepository(m.t.database.db).runsOf('cortes-programados:ejecutar');
    expect(runs.filter((r) => (r.payload as { id: number }).id === approved.id)).toHaveLength(1);
    await settings();
  }, 120_000);
});

describe('cancelling an approval', () => {
  it('withdraws an approval that has not started (audited); the date can be approved again; a finished run cannot', async () => {
    now = new Date('2026-10-27T14:00:00Z'); // Tuesday 27 October, 08:00
    await customer('2026-10-01');
    await settings({ activo: false, limitePorcentaje: 100 });
    const approved = await ok<AutomationRun>(
      await m.call('POST', `${BASE}/aprobaciones`, 20, { fecha: '2026-10-28' }),
      201,
    );
    const cancelled = await ok<AutomationRun>(
      await m.call('POST', `${BASE}/ejecuciones/${approved.id}/cancelar`, 20, {}),
    );
    expect(cancelled.estado).toBe('cancelada');
    const again = await m.call('POST', `${BASE}/ejecuciones/${approved.id}/cancelar`, 20, {});
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: 'run_not_cancellable' });
    expect((await m.call('POST', `${BASE}/ejecuciones/999999/cancelar`, 20, {})).statusCode).toBe(404);
    const audits = await m.t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(approved.id)));
    expect(audits.map((a) => a.action)).toContain('cancel');
    // The preview no longer shows the date as approved, and it can be approved again.
    expect((await ok<CutPreview>(await m.call('GET', `${BASE}/vista-previa?fecha=2026-10-28`, 20))).aprobada).toBe(
      false,
    );
    expect((await m.call('POST', `${BASE}/aprobaciones`, 20, { fecha: '2026-10-28' })).statusCode).toBe(201);
    // A run that already cut cannot be cancelled (it is undone instead).
    const [finished] = await m.t.database.db.select().from(cutRuns).where(eq(cutRuns.estado, 'terminada')).limit(1);
    expect(finished).toBeDefined();
    expect((await m.call('POST', `${BASE}/ejecuciones/${finished!.id}/cancelar`, 20, {})).statusCode).toBe(409);
  });
});
