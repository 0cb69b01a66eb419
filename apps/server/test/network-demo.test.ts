import { and, count, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client';
import { devices, radioCurrent, radioSamples, routerSamples } from '../src/db/schema';
import { seedDemo } from '../src/db/seed/demo';
import type { FakeAirosServer } from '../src/integrations/airos/fake-server';
import { startDemoRadios } from '../src/modules/network-stats/demo-radios';
import { NetworkPoller } from '../src/modules/network-stats/network-poller';
import { NetworkStatsRepository } from '../src/modules/network-stats/network-stats.repository';
import { SecretBox } from '../src/lib/secret-box';
import { createTestDatabase } from './test-db';

const NOW = new Date('2026-11-24T15:07:00Z');
let database: Database;
let farm: FakeAirosServer | undefined;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemo(database.db, { now: NOW });
}, 120_000);
afterAll(async () => {
  await farm?.stop();
  await database?.close();
});

const rowsOf = async (table: typeof radioSamples | typeof routerSamples, interval: string) =>
  (await database.db.select({ n: count() }).from(table).where(eq(table.interval, interval)))[0]!.n;

describe('the network demo', () => {
  it('seeds hours of minute samples and three days of hours, ending at the seed time (deterministic)', async () => {
    // 24 radios × (3 whole hours + 8 minutes of the current one) and 4 routers likewise.
    expect(await rowsOf(radioSamples, 'minute')).toBe(24 * 188);
    expect(await rowsOf(routerSamples, 'minute')).toBe(4 * 188);
    expect(await rowsOf(radioSamples, 'hour')).toBe(24 * (3 * 24 - 3));
    const [latest] = await database.db
      .select({ bucket: radioSamples.bucket })
      .from(radioSamples)
      .orderBy(radioSamples.bucket)
      .limit(1)
      .offset((await rowsOf(radioSamples, 'minute')) + (await rowsOf(radioSamples, 'hour')) - 1);
    expect(latest?.bucket.toISOString()).toBe('2026-11-24T15:07:00.000Z');
    expect((await database.db.select({ n: count() }).from(radioCurrent))[0]!.n).toBe(24);
  });

  it('serves every demo radio from the fake airOS farm, and the poller reads them all', async () => {
    farm = await startDemoRadios(database.db);
    const all = await database.db.select({ id: devices.id, url: devices.url, hwaddr: devices.hwaddr }).from(devices);
    expect(all.length).toBeGreaterThan(100);
    expect(all.every((d) => d.url === farm!.urlOf(String(d.id)))).toBe(true);
    const silent = { warn: () => {}, info: () => {}, error: () => {} } as never;
    const poller = new NetworkPoller(
      new NetworkStatsRepository(database.db),
      new SecretBox('test-secret-test-secret-test-secret-0123', []),
      silent,
      () => new Date(),
    );
    const summary = await poller.pollAll();
    poller.close();
    expect(summary.radios).toBe(all.length);
    expect(summary.radiosOk).toBe(all.length);
    // The first real poll after the seed is a baseline: no byte delta against counters the fake never had
    // (a seeded counter made the newest minute a jump of hundreds of GB on the charts).
    const polled = await database.db
      .select({ rx: radioSamples.lanRxBytes, tx: radioSamples.lanTxBytes })
      .from(radioSamples)
      .where(and(eq(radioSamples.interval, 'minute'), gt(radioSamples.bucket, NOW)));
    expect(polled.length).toBeGreaterThan(0);
    expect(polled.every((r) => r.rx === null && r.tx === null)).toBe(true);
  });
});
