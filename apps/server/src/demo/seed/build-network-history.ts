import { bucketStart, recentBuckets } from '@airlink/domain';
import { DEMO_PEAK_MBPS_PER_CLIENT } from './build-network';
import type * as schema from '../../db/schema';
import type { Insert } from './context';
import type { DemoContext } from './context';
import type { NetworkResult } from './build-network';

export interface NetworkHistoryResult {
  radioSamples: Array<Insert<typeof schema.radioSamples>>;
  routerSamples: Array<Insert<typeof schema.routerSamples>>;
  radioCurrent: Array<Insert<typeof schema.radioCurrent>>;
}

/** Customer radios with history in the demo, minute rows for the last hours, hour rows for the last three days. */
export const RADIOS_WITH_HISTORY = 24;
/** Minute rows cover the current hour and the three before it (whole hours, so rollups match). */
export const MINUTE_HOURS = 3;
export const HISTORY_HOURS = 3 * 24;
/** Day rows for the days before the hours (from a Monday) and week rows for the weeks before those: Dia and Sem. */
export const HISTORY_DAYS = 60;
export const HISTORY_WEEKS = 52;

const MIN = 60_000;
const HOUR = 3_600_000;

/** Relative use by local hour in Mexico City (UTC-6): quiet at dawn, peak around 21:00. */
function load(at: Date): number {
  const h = (at.getUTCHours() + 18) % 24;
  return 0.2 + 0.8 * Math.max(0, Math.sin(((h - 5) / 24) * 2 * Math.PI) ** 2);
}

/**
 * A few hours of minute samples and three days of hour samples for some customer radios and every router,
 * plus the radios' current readings, so the Estadísticas tab, the panel tiles and the bandwidth panel
 * have data on a fresh clone before the first poll (docs/architecture.md "Demo fakes (`npm start` with demo data)"). Deterministic for a given `now`.
 * The rollup job makes day and week rows from these hours; the poller adds minutes from the fake radios.
 */
export function buildNetworkHistory(
  ctx: DemoContext,
  network: NetworkResult,
  clientsByRouter: ReadonlyMap<number, number> = new Map(),
): NetworkHistoryResult {
  const rng = ctx.rng.fork('network-history');
  const lastMinute = bucketStart(ctx.now, 'minute').getTime();
  const lastHour = bucketStart(ctx.now, 'hour').getTime();
  const minuteStart = lastHour - MINUTE_HOURS * HOUR;
  const minuteCount = (lastMinute - minuteStart) / MIN + 1;
  const radioSamples: NetworkHistoryResult['radioSamples'] = [];
  const routerSamples: NetworkHistoryResult['routerSamples'] = [];
  const radioCurrent: NetworkHistoryResult['radioCurrent'] = [];

  // Days and weeks before the hour rows, each in whole buckets the rollups never recompute: the rollup of a
  // resolution restarts at its latest stored bucket, and these have no finer rows under them.
  const firstHourDay = bucketStart(new Date(lastHour - HISTORY_HOURS * HOUR), 'day');
  const dayFrom = bucketStart(new Date(firstHourDay.getTime() - HISTORY_DAYS * 24 * HOUR), 'week');
  const days = recentBuckets(new Date(firstHourDay.getTime() - 1), 'day', 400).filter((d) => d >= dayFrom);
  const weeks = recentBuckets(new Date(dayFrom.getTime() - 1), 'week', HISTORY_WEEKS);

  const radios = rng
    .shuffle(network.devices.filter((d) => d.contratoId != null))
    .slice(0, RADIOS_WITH_HISTORY)
    .sort((a, b) => a.id - b.id);
  for (const d of radios) {
    const signal = rng.int(-76, -52);
    const ccq = rng.int(75, 98);
    const rate = rng.pick([130_000, 300_000, 433_300, 650_000, 866_700]);
    const peakBytesPerMinute = rng.int(20, 400) * 1_000_000;
    const gauge = (base: number, spread: number) => base + rng.int(-spread, spread);
    let uptime = rng.int(86_400, 40 * 86_400);
    // A day averages about 0.55 of the peak minute's load.
    const old = (interval: 'day' | 'week', bucket: Date, minutes: number) => {
      const bytes = Math.round(peakBytesPerMinute * minutes * 0.55 * rng.float(0.8, 1.1));
      radioSamples.push({
        deviceId: d.id,
        interval,
        bucket,
        samples: minutes,
        signal: gauge(signal, 3),
        ccq: Math.min(100, gauge(ccq, 4)),
        wlanRxRate: rate,
        wlanTxRate: rate,
        lanRxBytes: bytes,
        lanTxBytes: Math.round(bytes * 0.12),
        lanSpeed: 36,
        uptime: null,
      });
    };
    for (const w of weeks) old('week', w, 7 * 1440);
    for (const day of days) old('day', day, 1440);
    for (let h = HISTORY_HOURS; h >= 1; h--) {
      const bucket = new Date(lastHour - h * HOUR);
      if (bucket.getTime() >= minuteStart) continue; // those hours are rolled up from the minutes
      const bytes = Math.round(peakBytesPerMinute * 60 * load(bucket) * rng.float(0.7, 1.1));
      radioSamples.push({
        deviceId: d.id,
        interval: 'hour',
        bucket,
        samples: 60,
        signal: gauge(signal, 2),
        ccq: Math.min(100, gauge(ccq, 3)),
        wlanRxRate: rate,
        wlanTxRate: rate,
        lanRxBytes: bytes,
        lanTxBytes: Math.round(bytes * 0.12),
        lanSpeed: 36,
        uptime: null,
      });
    }
    for (let m = 0; m < minuteCount; m++) {
      const bucket = new Date(minuteStart + m * MIN);
      const rx = Math.round(peakBytesPerMinute * load(bucket) * rng.float(0.5, 1.2));
      const tx = Math.round(rx * rng.float(0.08, 0.16));
      uptime += 60;
      radioSamples.push({
        deviceId: d.id,
        interval: 'minute',
        bucket,
        samples: 1,
        signal: gauge(signal, 2),
        ccq: Math.min(100, gauge(ccq, 3)),
        wlanRxRate: rate,
        wlanTxRate: rate,
        lanRxBytes: rx,
        lanTxBytes: tx,
        lanSpeed: 36,
        uptime,
      });
    }
    d.lastStatsTime = new Date(lastMinute);
    d.lastSeen = new Date(lastMinute);
    // Dispositivos sorts by the copy on the device (as the poller keeps it).
    d.signal = signal;
    d.ccq = ccq;
    radioCurrent.push({
      deviceId: d.id,
      readAt: new Date(lastMinute),
      pollAt: new Date(lastMinute),
      signal,
      ccq,
      wlanRxRate: rate,
      wlanTxRate: rate,
      lanSpeed: 36,
      essid: `AirLink-${d.siteid ?? 0}`,
      uptime,
      // No raw counters: the demo's fake radios count from their own start, so a seeded counter would make the
      // first real poll's delta a jump of hundreds of GB. The first poll sets the baseline (its delta is empty).
      lanRxCounter: null,
      lanTxCounter: null,
      hostname: d.hostname ?? '',
      model: d.product ?? '',
      firmware: '',
    });
  }

  for (const r of network.routers) {
    // Its traffic follows its customers (the same rule as its fake: demoRouterWanMbps).
    const customers = clientsByRouter.get(r.id) ?? 0;
    const peak = customers * DEMO_PEAK_MBPS_PER_CLIENT * 1024 * 1024;
    // About the share of customers the fake lists as connected (neither cut nor offline).
    const clients = Math.round(customers * 0.83);
    const row = (interval: 'minute' | 'hour', bucket: Date, samples: number) => {
      const rx = Math.round(peak * load(bucket) * rng.float(0.85, 1.1));
      return {
        routerId: r.id,
        interval,
        bucket,
        samples,
        rxBitsPerSecond: rx,
        txBitsPerSecond: Math.round(rx * rng.float(0.09, 0.16)),
        pppoeSessions: Math.round(clients * (0.7 + 0.3 * load(bucket))),
      };
    };
    for (let h = HISTORY_HOURS; h >= 1; h--) {
      const bucket = new Date(lastHour - h * HOUR);
      if (bucket.getTime() < minuteStart) routerSamples.push(row('hour', bucket, 60));
    }
    for (let m = 0; m < minuteCount; m++) routerSamples.push(row('minute', new Date(minuteStart + m * MIN), 1));
  }
  return { radioSamples, routerSamples, radioCurrent };
}
