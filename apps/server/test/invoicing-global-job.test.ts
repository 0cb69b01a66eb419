import type { Task } from '@airlink/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { facturas } from '../src/db/schema';
import { startFakeFacturapi, type FakeFacturapi } from '../src/demo/fakes/facturapi/fake-server';
import { JobRunner } from '../src/modules/jobs/job-runner';
import { JobsRepository } from '../src/modules/jobs/jobs.repository';
import { GLOBAL_JOB, InvoicingService } from '../src/modules/invoicing/invoicing.service';
import { InvoicingRepository } from '../src/modules/invoicing/invoicing.repository';
import { createInvoicingTestApp, switchInvoicingOn, type MoneyTestApp } from './money-fixtures';

/**
 * The month's global invoice by its schedule (issue 26 part 4; docs/invoicing.md): the job waits for the first
 * business day of the next month, issues once, and says what it did in Tareas.
 */
let clock = new Date('2026-11-01T17:00:00Z'); // Sunday 1 November, 11:00 in Mexico
let m: MoneyTestApp;
let pac: FakeFacturapi;
let runner: JobRunner;

beforeAll(async () => {
  pac = await startFakeFacturapi({ now: () => clock });
  m = await createInvoicingTestApp(() => clock, pac);
  await switchInvoicingOn(m, pac, true);
  // A runner of its own with only the invoicing jobs (the test app does not start the app's runner).
  runner = new JobRunner(new JobsRepository(m.t.database.db), { log: m.t.app.log, pollMs: 60_000 });
  const ctx = m.t.app.ctx;
  new InvoicingService(new InvoicingRepository(m.t.database.db), ctx.secrets, ctx.audit, runner, {
    facturapi: ctx.config.facturapi,
    businessTz: ctx.config.businessTz,
    log: m.t.app.log,
    now: () => clock,
    calendar: () => ctx.settings.calendar(),
    delivery: ctx.receiptDelivery,
  });
  await runner.start();
});
afterAll(async () => {
  await runner?.stop();
  await m?.t.close();
  await pac?.stop();
});

/** 'Ejecutar ahora' of the schedule, run to its end; answers what Tareas shows of it. */
async function runScheduled(): Promise<Task> {
  expect(await runner.runNow(GLOBAL_JOB)).toBe('queued');
  await runner.drain();
  await runner.idle();
  const tasks = (await m.call('GET', '/api/tareas', 20)).json() as Task[];
  return tasks.find((t) => t.nombre === GLOBAL_JOB)!;
}

const globalsOf = (periodo: string) =>
  m.t.database.db
    .select()
    .from(facturas)
    .where(and(eq(facturas.tipo, 'global'), eq(facturas.periodo, periodo)));

describe('the global invoice job', () => {
  it('waits for the first business day of the next month, then issues once; Tareas says what it did', async () => {
    const plain = await m.contract();
    await m.payment({ contratoId: plain, idCuenta: 4, monto: 300, fechaPago: '2026-10-15T17:00:00Z' });
    await m.payment({ contratoId: plain, idCuenta: 5, monto: 450, fechaPago: '2026-10-20T17:00:00Z' });

    // Sunday 1 November: not yet.
    const early = await runScheduled();
    expect(early.ultima).toMatchObject({
      estado: 'done',
      resultado: 'Factura global de 2026-10: se emite el 02/11/2026',
    });
    expect(await globalsOf('2026-10')).toHaveLength(0);

    // Monday 2 November: issued, for both payments.
    clock = new Date('2026-11-02T16:00:00Z');
    const issued = await runScheduled();
    expect(issued.ultima).toMatchObject({ estado: 'done', resultado: 'Factura global de 2026-10: válida' });
    const [global] = await globalsOf('2026-10');
    expect(global).toMatchObject({ estado: 'valida', total: 750 });

    // Again later that day: nothing more.
    clock = new Date('2026-11-02T20:00:00Z');
    const again = await runScheduled();
    expect(again.ultima).toMatchObject({ resultado: 'Factura global de 2026-10: ya emitida' });
    expect(await globalsOf('2026-10')).toHaveLength(1);
  });
});
