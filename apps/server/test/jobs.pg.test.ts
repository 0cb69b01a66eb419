import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/client';
import { jobs } from '../src/db/schema';
import { createTestApp, type TestApp } from './test-app';
import { createTestDatabase } from './test-db';

/** Two AirLink processes' worth of apps, each with its own pool, on one PostgreSQL database. */
let shared: Database & { url?: string };
let second: Database;
let a: TestApp;
let b: TestApp;

beforeAll(async () => {
  shared = await createTestDatabase();
  second = await openDatabase({ databaseUrl: shared.url!, migrate: false });
  a = await createTestApp({ database: shared });
  b = await createTestApp({ database: second });
});
afterAll(async () => {
  await a?.close();
  await b?.close();
  await second?.close();
  await shared?.close();
});

describe('jobs across instances (PostgreSQL)', () => {
  it('runs a schedule once per slot when two app instances share the database', async () => {
    const calls: Array<{ app: string; at: number }> = [];
    for (const [name, t] of [
      ['a', a],
      ['b', b],
    ] as const) {
      t.app.ctx.jobs.define('test.shared', async () => {
        calls.push({ app: name, at: Date.now() });
      });
      t.app.ctx.jobs.schedule('test.shared', 1);
    }
    await Promise.all([a.app.ctx.jobs.start(), b.app.ctx.jobs.start()]);
    await new Promise((r) => setTimeout(r, 4500));
    await Promise.all([a.app.ctx.jobs.stop(), b.app.ctx.jobs.stop()]);
    const rows = await shared.db.select().from(jobs).where(eq(jobs.name, 'test.shared')).orderBy(asc(jobs.runAt));
    const slots = rows.map((r) => r.runAt.getTime());
    expect(new Set(slots).size).toBe(slots.length);
    expect(slots.length).toBeGreaterThanOrEqual(3);
    expect(calls.length).toBe(rows.filter((r) => r.state === 'done').length);
  });
});
