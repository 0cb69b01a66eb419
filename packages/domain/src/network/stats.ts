import { z } from '../zod';
import { idParamSchema } from '../http/input';
import { MAX_STATS_COUNT, STATS_INTERVALS } from './intervals';

/**
 * Metrics of a radio's series (docs/api-contract.md "Network: statistics and polling": lanTxBytes, lanRxBytes, ccq, signal; the wireless rates too).
 * Byte metrics are the bytes counted during each bucket; ccq is a percentage; signal is dBm as the radio
 * reports it (negative: the web shows it negated); rates are kbps.
 */
export const RADIO_SERIES_METRICS = ['lanTxBytes', 'lanRxBytes', 'ccq', 'signal', 'wlanRxRate', 'wlanTxRate'] as const;
export type RadioSeriesMetric = (typeof RADIO_SERIES_METRICS)[number];

const metricMessage = `Métrica inválida: use ${RADIO_SERIES_METRICS.join(', ')}`;
const intervalMessage = 'Intervalo inválido: use minute, hour, day o week';
const countMessage = `Cantidad de puntos inválida: de 1 a ${MAX_STATS_COUNT}`;

/** Path of `GET /api/site/{siteId}/{hwaddr}/{metric}/{interval}/{count}`. The MAC may be in any notation. */
export const radioSeriesParamsSchema = z.object({
  siteId: idParamSchema,
  hwaddr: z.string().max(32, 'MAC inválida'),
  metric: z.enum(RADIO_SERIES_METRICS, { error: metricMessage }),
  interval: z.enum(STATS_INTERVALS, { error: intervalMessage }),
  count: z
    .string({ error: countMessage })
    .regex(/^\d{1,3}$/, countMessage)
    .transform(Number)
    .pipe(z.number().min(1, countMessage).max(MAX_STATS_COUNT, countMessage)),
});

/** Path of `GET /api/site/{siteId}/{deviceId}`. */
export const siteDeviceParamsSchema = z.object({ siteId: idParamSchema, deviceId: idParamSchema });

/** A radio's current stats (docs/api-contract.md "Network: statistics and polling") plus when it was read and why the last read failed, if it did. */
export const radioCurrentStatsSchema = z.object({
  id: z.number().int(),
  ccq: z.number().nullable(),
  wlanRxRate: z.number().nullable(),
  wlanTxRate: z.number().nullable(),
  lanSpeed: z.number().int().nullable(),
  essid: z.string().nullable(),
  signal: z.number().nullable(),
  uptime: z.number().int().nullable(),
  lanRxBytes: z.number().nullable(),
  lanTxBytes: z.number().nullable(),
  /** What the radio says of itself at its last reading (`host.hostname`, `host.devmodel`, `host.fwversion`). */
  hostname: z.string().nullable(),
  model: z.string().nullable(),
  firmware: z.string().nullable(),
  /** When the values above were read (ISO); null when the radio was never read. */
  lastStatsTime: z.string().nullable(),
  /** Last successful or failed attempt (ISO). */
  lastPollAt: z.string().nullable(),
  /** Spanish reason of the last failed attempt; null when the last attempt succeeded. */
  lastError: z.string().nullable(),
});
export type RadioCurrentStats = z.infer<typeof radioCurrentStatsSchema>;

/** One router of `GET /api/routercontrol/monitor-traffic` (docs/api-contract.md "Network: statistics and polling", router traffic item). */
export const routerTrafficItemSchema = z.object({
  router: z.number().int(),
  name: z.string(),
  hostLocation: z.string(),
  rxBitsPerSecond: z.number(),
  txBitsPerSecond: z.number(),
  totalConnections: z.number().int(),
  /** 'online' when the last poll read the router, 'offline' when it failed, 'unknown' before any poll. */
  status: z.enum(['online', 'offline', 'unknown']),
  /** When the traffic values were read (ISO); null before the first successful read. */
  dateLastUpdate: z.string().nullable(),
  lastError: z.string().nullable(),
});
export type RouterTrafficItem = z.infer<typeof routerTrafficItemSchema>;

/** An active PPPoE session as the last poll of the router saw it. */
export const pppoeClientSchema = z.object({
  name: z.string(),
  address: z.string(),
  callerId: z.string(),
  uptime: z.string(),
  service: z.string(),
});
export type PppoeClient = z.infer<typeof pppoeClientSchema>;

export const pppoeClientsAnswerSchema = z.object({
  router: z.number().int(),
  dateLastUpdate: z.string().nullable(),
  data: z.array(pppoeClientSchema),
});

/** `GET /api/RouterControl/{routerId}/getClientsIPs`: the client IPs in a `data` field (docs/api-contract.md "Network: statistics and polling"). */
export const clientIpsAnswerSchema = z.object({
  router: z.number().int(),
  dateLastUpdate: z.string().nullable(),
  data: z.array(z.object({ ip: z.string(), usuarioPppoe: z.string(), mac: z.string() })),
});

export const routerIdParamsSchema = z.object({ routerId: idParamSchema });

/** Windows of the home bandwidth panel (docs/business-rules.md "Screens": 5m, 1h, 24h, 7d; default 1h) and their buckets. */
export const BANDWIDTH_WINDOWS = {
  '5m': { interval: 'minute', count: 5 },
  '1h': { interval: 'minute', count: 60 },
  '24h': { interval: 'hour', count: 24 },
  '7d': { interval: 'hour', count: 168 },
} as const satisfies Record<string, { interval: 'minute' | 'hour' | 'day' | 'week'; count: number }>;
export type BandwidthWindow = keyof typeof BANDWIDTH_WINDOWS;
export const DEFAULT_BANDWIDTH_WINDOW: BandwidthWindow = '1h';

export const routerHistoryQuerySchema = z.object({
  window: z
    .enum(Object.keys(BANDWIDTH_WINDOWS) as [BandwidthWindow, ...BandwidthWindow[]], {
      error: 'Ventana inválida: use 5m, 1h, 24h o 7d',
    })
    .default(DEFAULT_BANDWIDTH_WINDOW),
});

/** One bucket of a router's traffic: means of the bucket, in bits per second and in Mbps (bits/1024/1024). */
export const routerTrafficPointSchema = z.object({
  time: z.string().describe('Bucket start, ISO 8601 with the business offset'),
  rxBitsPerSecond: z.number().nullable(),
  txBitsPerSecond: z.number().nullable(),
  rxMbps: z.number().nullable(),
  txMbps: z.number().nullable(),
  pppoeSessions: z.number().nullable(),
});

export const routerTrafficHistorySchema = z.object({
  router: z.number().int(),
  window: z.enum(Object.keys(BANDWIDTH_WINDOWS) as [BandwidthWindow, ...BandwidthWindow[]]),
  interval: z.enum(STATS_INTERVALS),
  points: z.array(routerTrafficPointSchema),
});
