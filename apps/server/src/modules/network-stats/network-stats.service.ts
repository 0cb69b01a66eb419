import {
  BANDWIDTH_WINDOWS,
  bitsToMbps,
  bucketStart,
  renderSeriesTsv,
  statsTimeAxis,
  ROLLUP_SOURCE,
  SAMPLE_RETENTION_MS,
  STATS_INTERVALS,
  type BandwidthWindow,
  type RadioCurrentStats,
  type RadioSeriesMetric,
  type RouterTrafficItem,
  type StatsInterval,
} from '@airlink/domain';
import { normalizeMac } from '../../integrations/airos/mapping';
import { badRequest, notFound } from '../../lib/errors';
import type { NetworkPoller, PollSummary } from './network-poller';
import type { NetworkStatsRepository } from './network-stats.repository';

const KINDS = ['radio', 'router'] as const;
const ROLLED = ['hour', 'day', 'week'] as const;

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

export type DevicePollAnswer = { ok: true; stats: RadioCurrentStats } | { ok: false; error: string; message: string };

/** Use cases of the network's statistics: polling, rollups and retention, and the spec's stats calls. */
export class NetworkStatsService {
  constructor(
    private readonly repo: NetworkStatsRepository,
    private readonly poller: NetworkPoller,
    private readonly opts: { businessTz: string; now?: () => Date },
  ) {}

  private now(): Date {
    return this.opts.now?.() ?? new Date();
  }

  pollAll(signal?: AbortSignal): Promise<PollSummary> {
    return this.poller.pollAll(signal);
  }

  /**
   * Rolls minute rows up into hours, hours into days, days into weeks (recomputing each resolution's latest
   * bucket, which may have been partial, and every later one), then deletes what is past its retention.
   * Idempotent: running it twice gives the same rows.
   */
  async rollUpAndPrune(): Promise<{ deleted: number }> {
    const tz = this.opts.businessTz;
    for (const kind of KINDS) {
      for (const target of ROLLED) {
        const source = ROLLUP_SOURCE[target];
        const from =
          (await this.repo.latestBucket(kind, target)) ??
          (await this.repo.oldestBucket(kind, source).then((d) => (d ? bucketStart(d, target, tz) : null)));
        if (from) await this.repo.rollUp(kind, source, target, from, tz);
      }
    }
    let deleted = 0;
    const now = this.now().getTime();
    for (const kind of KINDS)
      for (const interval of STATS_INTERVALS) {
        const keep = SAMPLE_RETENTION_MS[interval];
        if (keep !== null) deleted += await this.repo.deleteOlderThan(kind, interval, new Date(now - keep));
      }
    return { deleted };
  }

  /** POST /api/devices/{id}/poll: reads the radio now; its stats, or the Spanish reason it could not. */
  async pollDevice(deviceId: number): Promise<DevicePollAnswer> {
    const outcome = await this.poller.pollRadio(deviceId);
    if (!outcome) throw notFound('No existe ese radio.');
    if (!outcome.ok) return { ok: false, error: 'poll_failed', message: outcome.reason };
    const row = await this.repo.radioCurrentById(deviceId);
    return { ok: true, stats: toCurrentStats(deviceId, row ?? null) };
  }

  /** GET /api/site/{siteId}/{deviceId}: the radio's latest stored reading. */
  async currentStats(siteId: number, deviceId: number): Promise<RadioCurrentStats> {
    const row = await this.repo.radioCurrentOf(siteId, deviceId);
    if (!row) throw notFound('No existe ese radio en ese site.');
    return toCurrentStats(row.id, row.current);
  }

  /** GET /api/site/{siteId}/{hwaddr}/{metric}/{interval}/{count}: the series as tab-separated text. */
  async series(p: {
    siteId: number;
    hwaddr: string;
    metric: RadioSeriesMetric;
    interval: StatsInterval;
    count: number;
  }): Promise<string> {
    const mac = normalizeMac(p.hwaddr);
    if (!mac) throw badRequest('MAC inválida: use el formato AA:BB:CC:DD:EE:FF');
    const device = await this.repo.deviceOfSite(p.siteId, mac);
    if (!device) throw notFound('No hay un radio con esa MAC en ese site.');
    const tz = this.opts.businessTz;
    const axis = statsTimeAxis(this.now(), p.interval, p.count, tz);
    const rows = await this.repo.radioSeries(device.id, p.interval, p.metric, new Date(axis.starts[0]!));
    const byTime = new Map(rows.map((r) => [r.bucketMs, r.value]));
    return renderSeriesTsv(axis, (start) => byTime.get(start));
  }

  /** GET /api/routercontrol/monitor-traffic: every router's latest traffic and PPPoE sessions. */
  async monitorTraffic(): Promise<RouterTrafficItem[]> {
    const rows = await this.repo.routersWithCurrent();
    return rows.map((r) => {
      const c = r.current;
      const status: RouterTrafficItem['status'] = !c ? 'unknown' : c.lastError ? 'offline' : 'online';
      return {
        router: r.id,
        name: r.hostname || r.host,
        hostLocation: r.siteName ?? '',
        rxBitsPerSecond: c?.rxBitsPerSecond ?? 0,
        txBitsPerSecond: c?.txBitsPerSecond ?? 0,
        totalConnections: c?.pppoeSessions ?? 0,
        status,
        dateLastUpdate: iso(c?.readAt),
        lastError: c?.lastError ?? null,
      };
    });
  }

  /** GET /api/routercontrol/monitor-traffic/{routerId}: the bandwidth panel's series of one router. */
  async routerHistory(routerId: number, window: BandwidthWindow) {
    if (!(await this.repo.routerCurrentOf(routerId))) throw notFound('No existe ese router.');
    const { interval, count } = BANDWIDTH_WINDOWS[window];
    const tz = this.opts.businessTz;
    const axis = statsTimeAxis(this.now(), interval, count, tz);
    const rows = await this.repo.routerSeries(routerId, interval, new Date(axis.starts[0]!));
    const byTime = new Map(rows.map((r) => [r.bucket.getTime(), r]));
    const mbps = (bits: number | null | undefined) => (bits === null || bits === undefined ? null : bitsToMbps(bits));
    return {
      router: routerId,
      window,
      interval,
      points: axis.starts.map((start, i) => {
        const r = byTime.get(start);
        return {
          time: axis.labels[i]!,
          rxBitsPerSecond: r?.rx ?? null,
          txBitsPerSecond: r?.tx ?? null,
          rxMbps: mbps(r?.rx),
          txMbps: mbps(r?.tx),
          pppoeSessions: r?.pppoe ?? null,
        };
      }),
    };
  }

  private async routerCurrent(routerId: number) {
    const row = await this.repo.routerCurrentOf(routerId);
    if (!row) throw notFound('No existe ese router.');
    const clients = (row.current?.pppoeClients ?? []) as Array<{
      name: string;
      address: string;
      callerId: string;
      uptime: string;
      service: string;
    }>;
    return { router: row.id, dateLastUpdate: iso(row.current?.readAt), clients };
  }

  /** GET /api/RouterControl/{routerId}/pppoe-clients: the PPPoE sessions the last poll saw. */
  async pppoeClients(routerId: number) {
    const { router, dateLastUpdate, clients } = await this.routerCurrent(routerId);
    return { router, dateLastUpdate, data: clients };
  }

  /** GET /api/RouterControl/{routerId}/getClientsIPs: the clients' IPs, in a data field (docs/api-contract.md "Network: statistics and polling"). */
  async clientIps(routerId: number) {
    const { router, dateLastUpdate, clients } = await this.routerCurrent(routerId);
    return {
      router,
      dateLastUpdate,
      data: clients.filter((c) => c.address).map((c) => ({ ip: c.address, usuarioPppoe: c.name, mac: c.callerId })),
    };
  }
}

type CurrentRow = Awaited<ReturnType<NetworkStatsRepository['radioCurrentById']>>;

function toCurrentStats(id: number, c: CurrentRow | null): RadioCurrentStats {
  return {
    id,
    ccq: c?.ccq ?? null,
    wlanRxRate: c?.wlanRxRate ?? null,
    wlanTxRate: c?.wlanTxRate ?? null,
    lanSpeed: c?.lanSpeed ?? null,
    essid: c?.essid ?? null,
    signal: c?.signal ?? null,
    uptime: c?.uptime ?? null,
    lanRxBytes: c?.lanRxCounter ?? null,
    lanTxBytes: c?.lanTxCounter ?? null,
    hostname: c?.hostname || null,
    model: c?.model || null,
    firmware: c?.firmware || null,
    lastStatsTime: iso(c?.readAt),
    lastPollAt: iso(c?.pollAt),
    lastError: c?.lastError ?? null,
  };
}
