import { bucketStart } from '@airlink/domain';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices, radioSamples, routers, routerSamples, sites } from '../src/db/schema';
import { createTestApp, type TestApp } from './test-app';

let t: TestApp;
let clock = new Date('2026-11-24T15:10:00Z');
let device = 0;
let router = 0;
let site = 0;
let token = '';
const MIN = 60_000;

const rows = (interval: string) =>
  t.database.db
    .select()
    .from(radioSamples)
    .where(and(eq(radioSamples.deviceId, device), eq(radioSamples.interval, interval)))
    .orderBy(asc(radioSamples.bucket));

/** Minute rows from `start`, `count` of them: signal and ccq from `gauge(i)`, 100 bytes each minute. */
async function minutes(start: string, count: number, gauge: (i: number) => number, lanSpeed = 36) {
  const t0 = new Date(start).getTime();
  await t.database.db.insert(radioSamples).values(
    Array.from({ length: count }, (_, i) => ({
      deviceId: device,
      interval: 'minute',
      bucket: new Date(t0 + i * MIN),
      samples: 1,
      signal: gauge(i),
      ccq: 90,
      lanRxBytes: 100,
      lanTxBytes: 10,
      lanSpeed: i === count - 1 ? lanSpeed : 36,
      uptime: 1000 + i * 60,
    })),
  );
}

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  token = (await t.login('usuario@test.mx')).token;
  const db = t.database.db;
  site = (await db.insert(sites).values({ nombre: 'Sur' }).returning())[0]!.id;
  device = (await db.insert(devices).values({ hwaddr: '68:D7:9A:11:22:33', siteid: site }).returning())[0]!.id;
  router = (await db.insert(routers).values({ host: '10.0.0.1' }).returning())[0]!.id;
});
afterAll(() => t?.close());

describe('rollups and retention (fixed clock)', () => {
  it('rolls minutes into hours, days and weeks in the business time zone, and does it idempotently', async () => {
    // 06:00–08:59 in Mexico City: signal -60 in the first hour, -70 in the second, -80 in the third.
    await minutes('2026-11-24T12:00:00Z', 180, (i) => -60 - 10 * Math.floor(i / 60), 34);
    // 20:30 local on the 24th is 02:30Z on the 25th: the same business day.
    await minutes('2026-11-25T02:30:00Z', 1, () => -50);
    await t.database.db.insert(routerSamples).values([
      {
        routerId: router,
        interval: 'minute',
        bucket: new Date('2026-11-24T14:00:00Z'),
        rxBitsPerSecond: 1000,
        txBitsPerSecond: 10,
        pppoeSessions: 4,
      },
      {
        routerId: router,
        interval: 'minute',
        bucket: new Date('2026-11-24T14:01:00Z'),
        rxBitsPerSecond: 3000,
        txBitsPerSecond: 30,
        pppoeSessions: 6,
      },
    ]);
    clock = new Date('2026-11-25T03:00:00Z');
    await t.app.ctx.networkStats.rollUpAndPrune();
    const run = async () => ({ hour: await rows('hour'), day: await rows('day'), week: await rows('week') });
    const first = await run();
    expect(first.hour.map((h) => [h.bucket.toISOString(), h.signal, h.lanRxBytes, h.samples])).toEqual([
      ['2026-11-24T12:00:00.000Z', -60, 6000, 60],
      ['2026-11-24T13:00:00.000Z', -70, 6000, 60],
      ['2026-11-24T14:00:00.000Z', -80, 6000, 60],
      ['2026-11-25T02:00:00.000Z', -50, 100, 1],
    ]);
    // The last reading's LAN speed, the mean of the gauges weighted by readings, bytes added up.
    expect(first.hour[2]!.lanSpeed).toBe(34);
    expect(first.day).toHaveLength(1);
    expect(first.day[0]!.bucket.toISOString()).toBe(bucketStart(new Date('2026-11-25T02:30:00Z'), 'day').toISOString());
    expect(first.day[0]).toMatchObject({ samples: 181, lanRxBytes: 18_100, lanTxBytes: 1810 });
    expect(first.day[0]!.signal).toBeCloseTo((-60 * 60 - 70 * 60 - 80 * 60 - 50) / 181, 6);
    expect(first.week.map((w) => [w.bucket.toISOString(), w.samples])).toEqual([['2026-11-23T06:00:00.000Z', 181]]);
    const [routerHour] = await t.database.db
      .select()
      .from(routerSamples)
      .where(and(eq(routerSamples.routerId, router), eq(routerSamples.interval, 'hour')));
    expect(routerHour).toMatchObject({ rxBitsPerSecond: 2000, pppoeSessions: 5, samples: 2 });

    await t.app.ctx.networkStats.rollUpAndPrune();
    expect(await run()).toEqual(first);
  });

  it('recomputes the latest (partial) bucket when more minutes arrive', async () => {
    await minutes('2026-11-25T02:31:00Z', 9, () => -50);
    await t.app.ctx.networkStats.rollUpAndPrune();
    const hours = await rows('hour');
    expect(hours.at(-1)).toMatchObject({ samples: 10, lanRxBytes: 1000 });
    expect((await rows('day'))[0]).toMatchObject({ samples: 190, lanRxBytes: 19_000 });
  });

  it('serves rolled-up buckets through the series call, empty where nothing was stored', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/site/${site}/68:D7:9A:11:22:33/signal/hour/4`,
      headers: t.auth(token),
    });
    expect(res.body).toBe(
      'time\tvalue\n' +
        '2026-11-24T18:00:00-06:00\t\n' +
        '2026-11-24T19:00:00-06:00\t\n' +
        '2026-11-24T20:00:00-06:00\t-50\n' +
        '2026-11-24T21:00:00-06:00\t\n',
    );
    const day = await t.app.inject({
      method: 'GET',
      url: `/api/site/${site}/68d79a112233/lanRxBytes/day/2`,
      headers: t.auth(token),
    });
    expect(day.body).toBe('time\tvalue\n2026-11-23T00:00:00-06:00\t\n2026-11-24T00:00:00-06:00\t19000\n');
  });

  it('keeps minutes 48 h, hours 90 days, days 2 years and weeks forever', async () => {
    const db = t.database.db;
    const old = (interval: string, iso: string) => ({
      deviceId: device,
      interval,
      bucket: new Date(iso),
      samples: 1,
      signal: -1,
    });
    await db.insert(radioSamples).values([
      old('hour', '2026-08-20T00:00:00Z'), // 97 days before the clock below
      old('hour', '2026-09-10T00:00:00Z'), // 76 days: kept
      old('day', '2024-11-01T06:00:00Z'), // more than 730 days
      old('day', '2025-01-10T06:00:00Z'), // kept
      old('week', '2015-01-05T06:00:00Z'), // kept forever
    ]);
    // 48 h and 30 min after the first minute rows of the 24th's third hour ended.
    clock = new Date('2026-11-26T15:00:30Z');
    const { deleted } = await t.app.ctx.networkStats.rollUpAndPrune();
    const minuteRows = await rows('minute');
    expect(minuteRows.every((m) => m.bucket.getTime() >= clock.getTime() - 48 * 3_600_000)).toBe(true);
    expect(minuteRows).toHaveLength(10); // 02:30–02:39Z on the 25th
    const hours = (await rows('hour')).map((h) => h.bucket.toISOString());
    expect(hours).not.toContain('2026-08-20T00:00:00.000Z');
    expect(hours).toContain('2026-09-10T00:00:00.000Z');
    expect(hours).toContain('2026-11-24T12:00:00.000Z'); // its minutes are gone, the hour stays
    const days = (await rows('day')).map((d) => d.bucket.toISOString());
    expect(days).not.toContain('2024-11-01T06:00:00.000Z');
    expect(days).toContain('2025-01-10T06:00:00.000Z');
    expect((await rows('week')).map((w) => w.bucket.toISOString())).toContain('2015-01-05T06:00:00.000Z');
    // 180 radio minutes, 2 router minutes, one hour and one day past their retention.
    expect(deleted).toBe(180 + 2 + 1 + 1);
  });
});
