import type { RadioSeriesMetric, StatsInterval } from '@airlink/domain';
import { and, asc, eq, gte, lt, max, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { devices, radioCurrent, radioSamples, routerCurrent, routers, routerSamples, sites } from '../../db/schema';

/** Rows per INSERT of a batch (13 parameters each: far below PostgreSQL's 65,535). */
const BATCH_ROWS = 500;

/** A radio the poller reads, with its credentials (sealed) and the counters its deltas start from. */
export interface RadioTarget {
  id: number;
  hwaddr: string;
  siteid: number | null;
  url: string;
  ipaddr: string;
  username: string;
  passwordEnc: string | null;
  siteUsername: string | null;
  sitePasswordEnc: string | null;
  lanRxCounter: number | null;
  lanTxCounter: number | null;
  uptime: number | null;
}

export interface RouterTarget {
  id: number;
  host: string;
  port: number;
  tls: boolean;
  username: string;
  passwordEnc: string | null;
  trafficInterface: string;
}

/** One successful reading of a radio, with the byte deltas already computed (null: no delta). */
export interface RadioReading {
  deviceId: number;
  at: Date;
  minute: Date;
  signal: number | null;
  ccq: number | null;
  wlanRxRate: number | null;
  wlanTxRate: number | null;
  lanSpeed: number | null;
  essid: string | null;
  uptime: number;
  lanRxCounter: number | null;
  lanTxCounter: number | null;
  lanRxDelta: number | null;
  lanTxDelta: number | null;
  hostname: string;
  model: string;
  firmware: string;
  macs: { eth0: string | null; br0: string | null; wlan: string | null };
}

export interface RouterReading {
  routerId: number;
  at: Date;
  minute: Date;
  interfaceName: string | null;
  rxBitsPerSecond: number | null;
  txBitsPerSecond: number | null;
  pppoeSessions: number;
  pppoeClients: Array<{ name: string; address: string; callerId: string; uptime: string; service: string }>;
}

export interface PollFailure {
  id: number;
  at: Date;
  reason: string;
}

const chunks = <T>(list: readonly T[], size = BATCH_ROWS): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
};

/** Adds two nullable byte counts: null only when both are null. */
const addBytes = (column: string) =>
  sql.raw(
    `CASE WHEN radio_samples.${column} IS NULL AND excluded.${column} IS NULL THEN NULL ` +
      `ELSE coalesce(radio_samples.${column}, 0) + coalesce(excluded.${column}, 0) END`,
  );

const RADIO_METRIC_COLUMN: Record<RadioSeriesMetric, SQL> = {
  lanTxBytes: sql`${radioSamples.lanTxBytes}`,
  lanRxBytes: sql`${radioSamples.lanRxBytes}`,
  ccq: sql`${radioSamples.ccq}`,
  signal: sql`${radioSamples.signal}`,
  wlanRxRate: sql`${radioSamples.wlanRxRate}`,
  wlanTxRate: sql`${radioSamples.wlanTxRate}`,
};

/**
 * The rows of one radio or router at one resolution from `from` on: the leading columns of the samples'
 * primary key (owner, interval, bucket), so both series are one index range scan. Read oldest first.
 */
function seriesRange(
  owner: AnyPgColumn,
  id: number,
  table: { interval: AnyPgColumn; bucket: AnyPgColumn },
  interval: StatsInterval,
  from: Date,
): SQL {
  return and(eq(owner, id), eq(table.interval, interval), gte(table.bucket, from))!;
}

/** date_trunc unit of each resolution; buckets are cut on the business time zone's clock. */
const TRUNC: Record<StatsInterval, string> = { minute: 'minute', hour: 'hour', day: 'day', week: 'week' };

/** The poller's targets, its readings and failures, the rollups, retention and the stats reads: all the SQL. */
export class NetworkStatsRepository {
  /**
   * The stats calls' reads, built once and prepared once per connection (docs/performance.md, issue 25 part 5):
   * building a drizzle statement cost more CPU than running these index lookups. The series' statements are
   * per metric and resolution (`seriesStatement`).
   */
  private readonly deviceByOwnMac;
  private readonly deviceByInterfaceMac;
  private readonly radioCurrentStatement;
  private readonly seriesStatements = new Map<string, ReturnType<NetworkStatsRepository['buildSeries']>>();

  constructor(private readonly db: Db) {
    const ph = sql.placeholder;
    const ofSite = and(eq(devices.siteid, ph('siteId')), eq(devices.borrado, false));
    this.deviceByOwnMac = db
      .select({ id: devices.id })
      .from(devices)
      .where(and(ofSite, eq(devices.hwaddr, ph('mac'))))
      .prepare('stats_device_by_mac');
    this.deviceByInterfaceMac = db
      .select({ id: devices.id })
      .from(radioCurrent)
      .innerJoin(devices, eq(devices.id, radioCurrent.deviceId))
      .where(
        and(
          ofSite,
          or(
            eq(radioCurrent.macEth0, ph('mac')),
            eq(radioCurrent.macBr0, ph('mac')),
            eq(radioCurrent.macWlan, ph('mac')),
          ),
        ),
      )
      .orderBy(asc(devices.id))
      .limit(1)
      .prepare('stats_device_by_interface_mac');
    this.radioCurrentStatement = db
      .select({ id: devices.id, current: radioCurrent })
      .from(devices)
      .leftJoin(radioCurrent, eq(radioCurrent.deviceId, devices.id))
      .where(and(eq(devices.id, ph('deviceId')), eq(devices.siteid, ph('siteId')), eq(devices.borrado, false)))
      .prepare('stats_radio_current');
  }

  private buildSeries(interval: StatsInterval, metric: RadioSeriesMetric) {
    return this.db
      .select({
        // The bucket's start as epoch milliseconds: the series only compares instants, and 60 Date objects per
        // request (the driver's and drizzle's) were part of the series' own cost (docs/performance.md).
        bucketMs: sql<number>`(extract(epoch from ${radioSamples.bucket}) * 1000)::float8`.mapWith(Number),
        value: sql<number | null>`${RADIO_METRIC_COLUMN[metric]}`.mapWith(Number),
      })
      .from(radioSamples)
      .where(
        and(
          eq(radioSamples.deviceId, sql.placeholder('deviceId')),
          eq(radioSamples.interval, interval),
          gte(radioSamples.bucket, sql.placeholder('from')),
        ),
      )
      .orderBy(asc(radioSamples.bucket))
      .prepare(`stats_series_${metric}_${interval}`);
  }

  async radioTargets(deviceId?: number): Promise<RadioTarget[]> {
    const where = deviceId === undefined ? eq(devices.borrado, false) : eq(devices.id, deviceId);
    return this.db
      .select({
        id: devices.id,
        hwaddr: devices.hwaddr,
        siteid: devices.siteid,
        url: devices.url,
        ipaddr: devices.ipaddr,
        username: devices.username,
        passwordEnc: devices.passwordEnc,
        siteUsername: sites.username,
        sitePasswordEnc: sites.passwordEnc,
        lanRxCounter: radioCurrent.lanRxCounter,
        lanTxCounter: radioCurrent.lanTxCounter,
        uptime: radioCurrent.uptime,
      })
      .from(devices)
      .leftJoin(sites, eq(sites.id, devices.siteid))
      .leftJoin(radioCurrent, eq(radioCurrent.deviceId, devices.id))
      .where(where)
      .orderBy(asc(devices.id));
  }

  async routerTargets(): Promise<RouterTarget[]> {
    return this.db
      .select({
        id: routers.id,
        host: routers.host,
        port: routers.port,
        tls: routers.tls,
        username: routers.username,
        passwordEnc: routers.passwordEnc,
        trafficInterface: routers.trafficInterface,
      })
      .from(routers)
      .where(eq(routers.activo, true))
      .orderBy(asc(routers.id));
  }

  /**
   * Stores successful radio readings in batches: the current row (latest values and raw counters), the
   * minute sample (gauges of the minute's last reading, byte deltas added up), and the device's last-seen.
   */
  async saveRadioReadings(readings: readonly RadioReading[]): Promise<void> {
    for (const batch of chunks(readings)) {
      await this.db.transaction(async (tx) => {
        await tx
          .insert(radioCurrent)
          .values(
            batch.map((r) => ({
              deviceId: r.deviceId,
              readAt: r.at,
              pollAt: r.at,
              lastError: null,
              lastErrorAt: null,
              failures: 0,
              signal: r.signal,
              ccq: r.ccq,
              wlanRxRate: r.wlanRxRate,
              wlanTxRate: r.wlanTxRate,
              lanSpeed: r.lanSpeed,
              essid: r.essid,
              uptime: r.uptime,
              lanRxCounter: r.lanRxCounter,
              lanTxCounter: r.lanTxCounter,
              hostname: r.hostname,
              model: r.model,
              firmware: r.firmware,
              macEth0: r.macs.eth0,
              macBr0: r.macs.br0,
              macWlan: r.macs.wlan,
            })),
          )
          .onConflictDoUpdate({
            target: radioCurrent.deviceId,
            set: {
              readAt: sql`excluded.read_at`,
              pollAt: sql`excluded.poll_at`,
              lastError: null,
              lastErrorAt: null,
              failures: 0,
              signal: sql`excluded.signal`,
              ccq: sql`excluded.ccq`,
              wlanRxRate: sql`excluded.wlan_rx_rate`,
              wlanTxRate: sql`excluded.wlan_tx_rate`,
              lanSpeed: sql`excluded.lan_speed`,
              essid: sql`excluded.essid`,
              uptime: sql`excluded.uptime`,
              lanRxCounter: sql`excluded.lan_rx_counter`,
              lanTxCounter: sql`excluded.lan_tx_counter`,
              hostname: sql`excluded.hostname`,
              model: sql`excluded.model`,
              firmware: sql`excluded.firmware`,
              macEth0: sql`excluded.mac_eth0`,
              macBr0: sql`excluded.mac_br0`,
              macWlan: sql`excluded.mac_wlan`,
            },
          });
        await tx
          .insert(radioSamples)
          .values(
            batch.map((r) => ({
              deviceId: r.deviceId,
              interval: 'minute',
              bucket: r.minute,
              samples: 1,
              signal: r.signal,
              ccq: r.ccq,
              wlanRxRate: r.wlanRxRate,
              wlanTxRate: r.wlanTxRate,
              lanRxBytes: r.lanRxDelta,
              lanTxBytes: r.lanTxDelta,
              lanSpeed: r.lanSpeed,
              uptime: r.uptime,
            })),
          )
          .onConflictDoUpdate({
            target: [radioSamples.deviceId, radioSamples.interval, radioSamples.bucket],
            set: {
              samples: sql`radio_samples.samples + 1`,
              signal: sql`excluded.signal`,
              ccq: sql`excluded.ccq`,
              wlanRxRate: sql`excluded.wlan_rx_rate`,
              wlanTxRate: sql`excluded.wlan_tx_rate`,
              lanRxBytes: addBytes('lan_rx_bytes'),
              lanTxBytes: addBytes('lan_tx_bytes'),
              lanSpeed: sql`excluded.lan_speed`,
              uptime: sql`excluded.uptime`,
            },
          });
        const ids = `{${batch.map((r) => r.deviceId).join(',')}}`;
        const tx64 = `{${batch.map((r) => (r.lanTxCounter === null ? 'NULL' : Math.trunc(r.lanTxCounter))).join(',')}}`;
        const real = (v: number | null) => (v === null || !Number.isFinite(v) ? 'NULL' : String(v));
        const signals = `{${batch.map((r) => real(r.signal)).join(',')}}`;
        const ccqs = `{${batch.map((r) => real(r.ccq)).join(',')}}`;
        const at = batch[0]!.at;
        // Signal and CCQ are copied onto the device so Dispositivos sorts and pages them by index.
        await tx.execute(sql`
          UPDATE ${devices} SET last_seen = ${at}, last_stats_time = ${at},
            lan_tx_bytes = coalesce(v.tx, ${devices.lanTxBytes}), signal = v.signal, ccq = v.ccq
          FROM unnest(${ids}::int[], ${tx64}::bigint[], ${signals}::float8[], ${ccqs}::float8[])
            AS v(id, tx, signal, ccq)
          WHERE ${devices.id} = v.id`);
      });
    }
  }

  /** Records failed polls: when and why (Spanish), keeping the last good values and counters. */
  async saveRadioFailures(failures: readonly PollFailure[]): Promise<void> {
    for (const batch of chunks(failures)) {
      await this.db
        .insert(radioCurrent)
        .values(
          batch.map((f) => ({ deviceId: f.id, pollAt: f.at, lastError: f.reason, lastErrorAt: f.at, failures: 1 })),
        )
        .onConflictDoUpdate({
          target: radioCurrent.deviceId,
          set: {
            pollAt: sql`excluded.poll_at`,
            lastError: sql`excluded.last_error`,
            lastErrorAt: sql`excluded.last_error_at`,
            failures: sql`radio_current.failures + 1`,
          },
        });
    }
  }

  async saveRouterReadings(readings: readonly RouterReading[]): Promise<void> {
    for (const batch of chunks(readings)) {
      await this.db.transaction(async (tx) => {
        await tx
          .insert(routerCurrent)
          .values(
            batch.map((r) => ({
              routerId: r.routerId,
              readAt: r.at,
              pollAt: r.at,
              lastError: null,
              lastErrorAt: null,
              failures: 0,
              interfaceName: r.interfaceName,
              rxBitsPerSecond: r.rxBitsPerSecond,
              txBitsPerSecond: r.txBitsPerSecond,
              pppoeSessions: r.pppoeSessions,
              pppoeClients: r.pppoeClients,
            })),
          )
          .onConflictDoUpdate({
            target: routerCurrent.routerId,
            set: {
              readAt: sql`excluded.read_at`,
              pollAt: sql`excluded.poll_at`,
              lastError: null,
              lastErrorAt: null,
              failures: 0,
              interfaceName: sql`excluded.interface_name`,
              rxBitsPerSecond: sql`excluded.rx_bits_per_second`,
              txBitsPerSecond: sql`excluded.tx_bits_per_second`,
              pppoeSessions: sql`excluded.pppoe_sessions`,
              pppoeClients: sql`excluded.pppoe_clients`,
            },
          });
        await tx
          .insert(routerSamples)
          .values(
            batch.map((r) => ({
              routerId: r.routerId,
              interval: 'minute',
              bucket: r.minute,
              samples: 1,
              rxBitsPerSecond: r.rxBitsPerSecond,
              txBitsPerSecond: r.txBitsPerSecond,
              pppoeSessions: r.pppoeSessions,
            })),
          )
          .onConflictDoUpdate({
            target: [routerSamples.routerId, routerSamples.interval, routerSamples.bucket],
            set: {
              samples: sql`router_samples.samples + 1`,
              rxBitsPerSecond: sql`excluded.rx_bits_per_second`,
              txBitsPerSecond: sql`excluded.tx_bits_per_second`,
              pppoeSessions: sql`excluded.pppoe_sessions`,
            },
          });
      });
    }
  }

  async saveRouterFailures(failures: readonly PollFailure[]): Promise<void> {
    for (const batch of chunks(failures)) {
      await this.db
        .insert(routerCurrent)
        .values(
          batch.map((f) => ({ routerId: f.id, pollAt: f.at, lastError: f.reason, lastErrorAt: f.at, failures: 1 })),
        )
        .onConflictDoUpdate({
          target: routerCurrent.routerId,
          set: {
            pollAt: sql`excluded.poll_at`,
            lastError: sql`excluded.last_error`,
            lastErrorAt: sql`excluded.last_error_at`,
            failures: sql`router_current.failures + 1`,
          },
        });
    }
  }

  /** Start of the latest stored bucket of a resolution (where the next rollup restarts), or null. */
  async latestBucket(kind: 'radio' | 'router', interval: StatsInterval): Promise<Date | null> {
    const table = kind === 'radio' ? radioSamples : routerSamples;
    const [row] = await this.db
      .select({ at: max(table.bucket) })
      .from(table)
      .where(eq(table.interval, interval));
    return row?.at ?? null;
  }

  /** Start of the oldest stored bucket of a resolution, or null. */
  async oldestBucket(kind: 'radio' | 'router', interval: StatsInterval): Promise<Date | null> {
    const table = kind === 'radio' ? radioSamples : routerSamples;
    const [row] = await this.db
      .select({ at: sql<Date | null>`min(${table.bucket})`.mapWith(table.bucket) })
      .from(table)
      .where(eq(table.interval, interval));
    return row?.at ?? null;
  }

  /**
   * Recomputes the `target` buckets that start at or after `from` from the `source` rows (upsert): means
   * weighted by each row's readings, byte counts added up, LAN speed and uptime of the latest row.
   */
  async rollUp(kind: 'radio' | 'router', source: StatsInterval, target: StatsInterval, from: Date, tz: string) {
    const unit = TRUNC[target];
    const bucket = sql`date_trunc(${unit}, bucket AT TIME ZONE ${tz}::text) AT TIME ZONE ${tz}::text`;
    const mean = (c: string) =>
      sql.raw(`sum(${c} * samples) / nullif(sum(CASE WHEN ${c} IS NOT NULL THEN samples END), 0)`);
    const last = (c: string) => sql.raw(`(array_agg(${c} ORDER BY bucket DESC) FILTER (WHERE ${c} IS NOT NULL))[1]`);
    if (kind === 'radio') {
      await this.db.execute(sql`
        INSERT INTO radio_samples (device_id, interval, bucket, samples, signal, ccq, wlan_rx_rate, wlan_tx_rate,
          lan_rx_bytes, lan_tx_bytes, lan_speed, uptime)
        SELECT device_id, ${target}, ${bucket} AS b, sum(samples), ${mean('signal')}, ${mean('ccq')},
          ${mean('wlan_rx_rate')}, ${mean('wlan_tx_rate')}, sum(lan_rx_bytes), sum(lan_tx_bytes),
          ${last('lan_speed')}, ${last('uptime')}
        FROM radio_samples WHERE interval = ${source} AND bucket >= ${from}
        GROUP BY device_id, b
        ON CONFLICT (device_id, interval, bucket) DO UPDATE SET samples = excluded.samples,
          signal = excluded.signal, ccq = excluded.ccq, wlan_rx_rate = excluded.wlan_rx_rate,
          wlan_tx_rate = excluded.wlan_tx_rate, lan_rx_bytes = excluded.lan_rx_bytes,
          lan_tx_bytes = excluded.lan_tx_bytes, lan_speed = excluded.lan_speed, uptime = excluded.uptime`);
      return;
    }
    await this.db.execute(sql`
      INSERT INTO router_samples (router_id, interval, bucket, samples, rx_bits_per_second, tx_bits_per_second,
        pppoe_sessions)
      SELECT router_id, ${target}, ${bucket} AS b, sum(samples), ${mean('rx_bits_per_second')},
        ${mean('tx_bits_per_second')}, ${mean('pppoe_sessions')}
      FROM router_samples WHERE interval = ${source} AND bucket >= ${from}
      GROUP BY router_id, b
      ON CONFLICT (router_id, interval, bucket) DO UPDATE SET samples = excluded.samples,
        rx_bits_per_second = excluded.rx_bits_per_second, tx_bits_per_second = excluded.tx_bits_per_second,
        pppoe_sessions = excluded.pppoe_sessions`);
  }

  /** Deletes the rows of a resolution older than `before`; returns how many. */
  async deleteOlderThan(kind: 'radio' | 'router', interval: StatsInterval, before: Date): Promise<number> {
    const table = kind === 'radio' ? radioSamples : routerSamples;
    const result = await this.db
      .delete(table)
      .where(and(eq(table.interval, interval), lt(table.bucket, before)))
      .returning({ b: table.bucket });
    return result.length;
  }

  /**
   * The radio of a site with this MAC (normalised): its registered `hwaddr`, or any interface MAC it reported
   * at its last reading (eth0, br0, wireless), registered ones first (docs/network.md "Contracts and radios").
   */
  async deviceOfSite(siteId: number, hwaddr: string): Promise<{ id: number } | undefined> {
    // The device's own MAC first (its unique index), then the interface MACs its last reading reported
    // (their indexes): two lookups by index instead of an OR over a join that scans every radio.
    const [own] = await this.deviceByOwnMac.execute({ siteId, mac: hwaddr });
    if (own) return own;
    const [other] = await this.deviceByInterfaceMac.execute({ siteId, mac: hwaddr });
    return other;
  }

  /** One metric of a radio's buckets (GET /api/site/{siteId}/{hwaddr}/{metric}/{interval}/{count}). */
  async radioSeries(deviceId: number, interval: StatsInterval, metric: RadioSeriesMetric, from: Date) {
    const key = `${metric}:${interval}`;
    let statement = this.seriesStatements.get(key);
    if (!statement) this.seriesStatements.set(key, (statement = this.buildSeries(interval, metric)));
    return statement.execute({ deviceId, from });
  }

  /** A router's traffic and PPPoE sessions per bucket (the bandwidth panel). */
  async routerSeries(routerId: number, interval: StatsInterval, from: Date) {
    return this.db
      .select({
        bucket: routerSamples.bucket,
        rx: routerSamples.rxBitsPerSecond,
        tx: routerSamples.txBitsPerSecond,
        pppoe: routerSamples.pppoeSessions,
      })
      .from(routerSamples)
      .where(seriesRange(routerSamples.routerId, routerId, routerSamples, interval, from))
      .orderBy(asc(routerSamples.bucket));
  }

  /** A radio of a site with its current stats (null columns when never read). */
  async radioCurrentOf(siteId: number, deviceId: number) {
    const [row] = await this.radioCurrentStatement.execute({ siteId, deviceId });
    return row;
  }

  async radioCurrentById(deviceId: number) {
    const [row] = await this.db.select().from(radioCurrent).where(eq(radioCurrent.deviceId, deviceId));
    return row;
  }

  /** Every router with its site's name and its current reading. */
  async routersWithCurrent() {
    return this.db
      .select({
        id: routers.id,
        hostname: routers.hostname,
        host: routers.host,
        activo: routers.activo,
        siteName: sites.nombre,
        current: routerCurrent,
      })
      .from(routers)
      .leftJoin(sites, eq(sites.id, routers.siteId))
      .leftJoin(routerCurrent, eq(routerCurrent.routerId, routers.id))
      .orderBy(asc(routers.id));
  }

  async routerCurrentOf(routerId: number) {
    const [row] = await this.db
      .select({ id: routers.id, current: routerCurrent })
      .from(routers)
      .leftJoin(routerCurrent, eq(routerCurrent.routerId, routers.id))
      .where(eq(routers.id, routerId));
    return row;
  }

  /** The radios the demo's fake airOS farm serves (every radio not deleted). */
  async demoRadios() {
    return this.db
      .select({ id: devices.id, hwaddr: devices.hwaddr, hostname: devices.hostname, product: devices.product })
      .from(devices)
      .where(eq(devices.borrado, false))
      .orderBy(asc(devices.id));
  }

  /**
   * Points radios without a URL, or with an earlier run's demo URL, at the demo farm (`base` ends with
   * a slash; each radio is served under `d/<id>/`). Radios with an address of their own are left alone.
   */
  async pointRadiosAtDemoFarm(base: string): Promise<number> {
    const result = await this.db
      .update(devices)
      .set({ url: sql`${base} || 'd/' || ${devices.id} || '/'` })
      .where(sql`${devices.url} = '' OR ${devices.url} ~ '^http://127\.0\.0\.1:[0-9]+/d/[0-9]+/$'`)
      .returning({ id: devices.id });
    return result.length;
  }
}
