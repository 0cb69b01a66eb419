import { bucketStart } from '@airlink/domain';
import { and, count, desc, eq, gt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client';
import { devices, radioCurrent, radioSamples, routerSamples } from '../src/db/schema';
import { seedDemo } from '../src/demo/seed/demo';
import type { FakeAirosServer } from '../src/demo/fakes/airos/fake-server';
import { DEMO_ROUTER_USER } from '../src/demo/seed/build-network';
import { RouterOsClient } from '../src/integrations/routeros/client';
import { DEMO_ROUTER_PASSWORD, startDemoRouters } from '../src/demo/routers';
import { startDemoRadios } from '../src/demo/radios';
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
      .orderBy(desc(radioSamples.bucket))
      .limit(1);
    expect(latest?.bucket.toISOString()).toBe('2026-11-24T15:07:00.000Z');
    expect((await database.db.select({ n: count() }).from(radioCurrent))[0]!.n).toBe(24);
  });

  it('seeds day and week rows before the hours, so Dia and Sem draw a history (whole buckets, contiguous)', async () => {
    const [one] = await database.db
      .select({ id: radioSamples.deviceId })
      .from(radioSamples)
      .where(eq(radioSamples.interval, 'hour'))
      .limit(1);
    const buckets = async (interval: 'hour' | 'day' | 'week') =>
      (
        await database.db
          .select({ b: radioSamples.bucket })
          .from(radioSamples)
          .where(and(eq(radioSamples.deviceId, one!.id), eq(radioSamples.interval, interval)))
          .orderBy(radioSamples.bucket)
      ).map((r) => r.b);
    const days = await buckets('day');
    const weeks = await buckets('week');
    const firstHour = (await buckets('hour'))[0]!;
    // Days: from a Monday at least 60 days back up to the day before the first hour row, one a day.
    expect(days.length).toBeGreaterThanOrEqual(60);
    expect(bucketStart(days[0]!, 'week').getTime()).toBe(days[0]!.getTime());
    expect(bucketStart(days.at(-1)!, 'day').getTime()).toBe(days.at(-1)!.getTime());
    expect(days.at(-1)!.getTime()).toBe(
      bucketStart(new Date(bucketStart(firstHour, 'day').getTime() - 1), 'day').getTime(),
    );
    for (let i = 1; i < days.length; i++)
      expect(days[i]!.getTime() - days[i - 1]!.getTime()).toBeGreaterThanOrEqual(23 * 3_600_000);
    // Weeks: 52, ending the week before the first day row.
    expect(weeks).toHaveLength(52);
    expect(weeks.at(-1)!.getTime()).toBe(bucketStart(new Date(days[0]!.getTime() - 1), 'week').getTime());
    // Every radio with hours has them.
    expect(await rowsOf(radioSamples, 'day')).toBe(24 * days.length);
    expect(await rowsOf(radioSamples, 'week')).toBe(24 * 52);
  });

  it("the demo routers' traffic follows their PPPoE clients: seeded history and the fakes alike", async () => {
    const perClient = await database.db
      .select({
        id: routerSamples.routerId,
        rx: sql<number>`avg(${routerSamples.rxBitsPerSecond})`.mapWith(Number),
        pppoe: sql<number>`avg(${routerSamples.pppoeSessions})`.mapWith(Number),
      })
      .from(routerSamples)
      .where(eq(routerSamples.interval, 'hour'))
      .groupBy(routerSamples.routerId);
    expect(perClient.length).toBe(4);
    const ratios = perClient.map((r) => r.rx / r.pppoe);
    expect(Math.max(...ratios) / Math.min(...ratios)).toBeLessThan(1.3);
    expect(new Set(perClient.map((r) => Math.round(r.pppoe))).size).toBeGreaterThan(1);

    const fakes = await startDemoRouters(
      database.db,
      new SecretBox('test-secret-test-secret-test-secret-0123', []),
      '127.0.0.1',
    );
    try {
      const live = [];
      for (const f of fakes.byRouter.values()) {
        const client = new RouterOsClient({
          host: '127.0.0.1',
          port: f.port,
          username: DEMO_ROUTER_USER,
          password: DEMO_ROUTER_PASSWORD,
        });
        try {
          const wan = await client.interfaces.traffic('ether1');
          live.push({ rx: wan.rxBitsPerSecond, clients: f.activeSessions().length });
        } finally {
          client.close();
        }
      }
      expect(new Set(live.map((l) => l.clients)).size).toBeGreaterThan(1);
      const liveRatios = live.map((l) => l.rx / l.clients);
      expect(Math.max(...liveRatios) / Math.min(...liveRatios)).toBeLessThan(1.3);
    } finally {
      await fakes.stop();
    }
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
