import type { BandwidthWindow, RadioSeriesMetric, StatsInterval } from '@airlink/domain';

/** TanStack Query keys of the network statistics (the customer's radio and the routers' traffic). */
export const networkStatsKeys = {
  all: ['network-stats'] as const,
  radioByMac: (mac: string) => [...networkStatsKeys.all, 'radio', mac] as const,
  radioStats: (siteId: number, deviceId: number) => [...networkStatsKeys.all, 'current', siteId, deviceId] as const,
  series: (siteId: number, mac: string, metric: RadioSeriesMetric, interval: StatsInterval) =>
    [...networkStatsKeys.all, 'series', siteId, mac, metric, interval] as const,
  traffic: () => [...networkStatsKeys.all, 'traffic'] as const,
  trafficHistory: (routerId: number, window: BandwidthWindow) =>
    [...networkStatsKeys.all, 'traffic', routerId, window] as const,
};

/** How often live readings are asked again: the poller reads every radio and router once a minute. */
export const LIVE_REFRESH_MS = 30_000;
