import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client';
import { jobs, jobSchedules } from '../src/db/schema';
import { JobRunner } from '../src/modules/jobs/job-runner';
import { JobsRepository, nextSlot } from '../src/modules/jobs/jobs.repository';
import { createTestDatabase } from './test-db';

const silent = {
  warn: () => {},
  info: () => {},
  error: () => {},
  debug: () => {},
  trace: () => {},
  fatal: () => {},
  child: () => silent,
  level: 'silent',
  silent: () => {},
} as never;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(check: () => Promise<boolean> | boolean, ms = 8000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await sleep(25);
  }
  throw new Error('condition not met in time');
}

let database: Database;
let repo: JobsRepository;
const runners: JobRunner[] = [];
const runner = (opts: Partial<ConstructorParameters<typeof JobRunner>[1]> = {}) => {
  const r = new JobRunner(repo, { log: silent, pollMs: 30, ...opts });
  runners.push(r);
  return r;
};

beforeAll(async () => {
  database = await createTestDatabase();
  repo = new JobsRepository(database.db);
});
afterEach(async () => {
  await Promise.all(runners.splice(0).map((r) => r.stop()));
  await database.db.delete(jobs);
  await database.db.delete(jobSchedules);
});
afterAll(async () => {
  await database.close();
});

describe('job runner', () => {
  it('aligns schedule slots to the epoch', () => {
    expect(nextSlot(new Date('2026-11-24T15:07:42Z'), 60).toISOString()).toBe('2026-11-24T15:08:00.000Z');
    expect(nextSlot(new Date('2026-11-24T15:08:00Z'), 300).toISOString()).toBe('2026-11-24T15:10:00.000Z');
  });

  it('runs a queued job once and marks it done', async () => {
    const calls: unknown[] = [];
    const r = runner();
    r.define('test.echo', async (payload) => {
      calls.push(payload);
    });
    await r.start();
    await r.send('test.echo', { n: 1 });
    await until(async () => (await repo.runsOf('test.echo'))[0]?.state === 'done');
    expect(calls).toEqual([{ n: 1 }]);
  });

  it('runs a schedule every second, each slot once, even with two runners on one database', async () => {
    const calls: string[] = [];
    const a = runner();
    const b = runner();
    for (const [name, r] of [
      ['a', a],
      ['b', b],
    ] as const) {
      r.define('test.tick', async () => {
        calls.push(name);
      });
      r.schedule('test.tick', 1);
    }
    await Promise.all([a.start(), b.start()]);
    await sleep(3300);
    await Promise.all([a.stop(), b.stop()]);
    const runs = await repo.runsOf('test.tick');
    const slots = runs.map((j) => j.runAt.toISOString());
    expect(new Set(slots).size).toBe(slots.length);
    expect(runs.length).toBeGreaterThanOrEqual(2);
    expect(runs.length).toBeLessThanOrEqual(4);
    expect(calls.length).toBe(runs.filter((j) => j.state === 'done').length);
  });

  it('does not start a scheduled run while the previous one is still running', async () => {
    let running = 0;
    let overlapped = false;
    const r = runner({ concurrency: 4 });
    r.define('test.slow', async () => {
      running++;
      if (running > 1) overlapped = true;
      await sleep(1500);
      running--;
    });
    r.schedule('test.slow', 1);
    await r.start();
    await sleep(3200);
    await r.stop();
    expect(overlapped).toBe(false);
  });

  it('takes up a run whose instance died once its lease expired (jobs survive a restart)', async () => {
    await repo.enqueue('test.orphan', { x: 1 });
    // Another process claimed it with a 1 s lease and then vanished without finishing.
    const [claimed] = await repo.claim(['test.orphan'], 'dead-instance', 1, 1);
    expect(claimed?.name).toBe('test.orphan');
    const calls: unknown[] = [];
    const r = runner();
    r.define('test.orphan', async (payload) => {
      calls.push(payload);
    });
    await r.start();
    await sleep(300);
    expect(calls).toEqual([]);
    await until(async () => (await repo.runsOf('test.orphan'))[0]?.state === 'done');
    expect(calls).toEqual([{ x: 1 }]);
    const [row] = await repo.runsOf('test.orphan');
    expect(row?.attempts).toBe(2);
  });

  it("holds each run with its own job's lease, not the longest one defined", async () => {
    const r = runner();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    r.define('test.short', () => held, { leaseSeconds: 2 });
    r.define('test.long', async () => {}, { leaseSeconds: 600 });
    await r.start();
    await r.send('test.short');
    await until(async () => (await repo.runsOf('test.short'))[0]?.state === 'active');
    const [row] = await repo.runsOf('test.short');
    expect(row!.lockedUntil!.getTime() - Date.now()).toBeLessThan(5_000);
    release();
    await until(async () => (await repo.runsOf('test.short'))[0]?.state === 'done');
  });

  it('retries a failing job and marks it failed after its attempts, with the error kept', async () => {
    const r = runner();
    let calls = 0;
    r.define(
      'test.broken',
      async () => {
        calls++;
        throw new Error('el router no respondió');
      },
      { maxAttempts: 2 },
    );
    await r.start();
    await r.send('test.broken');
    await until(async () => (await repo.runsOf('test.broken'))[0]?.attempts === 1);
    await until(async () => (await repo.runsOf('test.broken'))[0]?.state === 'queued');
    const [waiting] = await repo.runsOf('test.broken');
    expect(waiting?.lastError).toBe('el router no respondió');
    // The retry waits (backoff); make it due now.
    await database.db
      .update(jobs)
      .set({ runAt: sql`now()` })
      .where(eq(jobs.name, 'test.broken'));
    await until(async () => (await repo.runsOf('test.broken'))[0]?.state === 'failed');
    expect(calls).toBe(2);
  });

  it('stops cleanly: a job that honours the signal finishes, one that does not is given back to the queue', async () => {
    const r = runner({ graceMs: 200, concurrency: 2 });
    let sawAbort = false;
    r.define('test.polite', async (_p, { signal }) => {
      await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve()));
      sawAbort = true;
    });
    let stubbornFinished = false;
    r.define('test.stubborn', async () => {
      await sleep(5000);
      stubbornFinished = true;
    });
    await r.start();
    await r.send('test.polite');
    await r.send('test.stubborn');
    await until(async () => {
      const rows = await database.db.select().from(jobs);
      return rows.length === 2 && rows.every((j) => j.state === 'active');
    });
    await r.stop();
    // stop() did not wait for the job that ignores the signal (no wall-clock bound: a busy machine must pass).
    expect(stubbornFinished).toBe(false);
    expect(sawAbort).toBe(true);
    expect((await repo.runsOf('test.polite'))[0]?.state).toBe('done');
    const [stubborn] = await repo.runsOf('test.stubborn');
    expect(stubborn).toMatchObject({ state: 'queued', lockedBy: null, attempts: 0 });
    await sleep(1400); // let the abandoned handler end before the database closes
  });
});
