import { DEFAULT_STATS_COUNT, parseStatsTsv, type RadioSeriesMetric, type StatsInterval } from '@airlink/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { LIVE_REFRESH_MS, networkStatsKeys } from './network-stats-query-keys';

export interface SeriesPoint {
  time: string;
  value: number | null;
}

/** GET /api/site/{siteId}/{hwaddr}/{metric}/{interval}/60 (level 10): tab-separated text, oldest first. */
export async function fetchRadioSeries(
  siteId: number,
  mac: string,
  metric: RadioSeriesMetric,
  interval: StatsInterval,
  signal?: AbortSignal,
): Promise<SeriesPoint[]> {
  const path = `/api/site/${siteId}/${encodeURIComponent(mac)}/${metric}/${interval}/${DEFAULT_STATS_COUNT}`;
  const text = await api.get<unknown>(path, {
    signal,
    silent: true,
    headers: { Accept: 'text/tab-separated-values' },
  });
  if (typeof text !== 'string') throw new Error('La serie del radio no tiene el formato esperado.');
  return parseStatsTsv(text);
}

export function useRadioSeries(siteId: number, mac: string, metric: RadioSeriesMetric, interval: StatsInterval) {
  return useQuery({
    queryKey: networkStatsKeys.series(siteId, mac, metric, interval),
    queryFn: ({ signal }) => fetchRadioSeries(siteId, mac, metric, interval, signal),
    refetchInterval: interval === 'minute' ? LIVE_REFRESH_MS * 2 : false,
  });
}
