import type { Task } from '@airlink/domain';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { JobRunner } from '../src/modules/jobs/job-runner';
import { JobsRepository } from '../src/modules/jobs/jobs.repository';
import { createMoneyTestApp, type MoneyTestApp } from './money-fixtures';

let m: MoneyTestApp;

beforeAll(async () => {
  m = await createMoneyTestApp(() => new Date('2026-10-17T17:00:00Z')); // a Saturday: the cut job does nothing
  // The app's runner is not started in tests: the schedule rows are written as start() writes them.
  await new JobsRepository(m.t.database.db).upsertSchedules(
    [{ name: 'cortes-programados', everySeconds: 60, payload: {} }],
    new Date(),
  );
});
afterAll(async () => {
  await m?.t.close();
});

describe('Tareas: the job runner schedules', () => {
  it('level 20 only', async () => {
    expect((await m.call('GET', '/api/tareas', null)).statusCode).toBe(401);
    expect((await m.call('GET', '/api/tareas', 18)).statusCode).toBe(403);
    expect((await m.call('POST', '/api/tareas/cortes-programados/ejecutar', 18, {})).statusCode).toBe(403);
  });

  it("lists next and last runs and failures; 'Ejecutar ahora' queues one run, never two at once", async () => {
    const list = (await m.call('GET', '/api/tareas', 20)).json() as Task[];
    expect(list).toEqual([
      expect.objectContaining({
        nombre: 'cortes-programados',
        cadaSegundos: 60,
        ultima: null,
        fallas: 0,
        enCurso: false,
      }),
    ]);
    expect((await m.call('POST', '/api/tareas/cortes-programados/ejecutar', 20, {})).statusCode).toBe(202);
    const busy = await m.call('POST', '/api/tareas/cortes-programados/ejecutar', 20, {});
    expect(busy.statusCode).toBe(409);
    expect(busy.json()).toMatchObject({ error: 'job_running' });
    expect((await m.call('POST', '/api/tareas/nada/ejecutar', 20, {})).statusCode).toBe(404);
    // The network schedules are named with a dot ('network.poll'): a valid name, unknown here.
    expect((await m.call('POST', '/api/tareas/network.poll/ejecutar', 20, {})).statusCode).toBe(404);
    expect((await m.call('POST', '/api/tareas/No%20Valida/ejecutar', 20, {})).statusCode).toBe(400);
    expect(((await m.call('GET', '/api/tareas', 20)).json() as Task[])[0]!.enCurso).toBe(true);

    // An instance runs it: the page shows the last run.
    const runner = new JobRunner(new JobsRepository(m.t.database.db), { log: m.t.app.log, pollMs: 50 });
    m.t.app.ctx.automation.register(runner);
    await runner.start();
    try {
      await vi.waitFor(
        async () => {
          const [task] = (await m.call('GET', '/api/tareas', 20)).json() as Task[];
          expect(task).toMatchObject({ enCurso: false, ultima: { estado: 'done', error: null } });
        },
        { timeout: 10_000, interval: 100 },
      );
    } finally {
      await runner.stop();
    }
  });
});
