import {
  routerTrafficHistorySchema,
  routerTrafficItemSchema,
  type BandwidthWindow,
  type RouterTrafficItem,
  z,
} from '@airlink/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { readResponse } from '../../../lib/read-response';
import { LIVE_REFRESH_MS, networkStatsKeys } from './network-stats-query-keys';

/** GET /api/routercontrol/monitor-traffic (level 10): every router's last traffic reading. */
export async function fetchRouterTraffic(signal?: AbortSignal): Promise<RouterTrafficItem[]> {
  return readResponse(
    z.array(routerTrafficItemSchema),
    await api.get<unknown>('/api/routercontrol/monitor-traffic', { signal, silent: true }),
    'con el tráfico de los routers',
  );
}

/** GET /api/routercontrol/monitor-traffic/{routerId}?window= (level 10): the router's traffic buckets. */
export async function fetchRouterTrafficHistory(routerId: number, window: BandwidthWindow, signal?: AbortSignal) {
  return readResponse(
    routerTrafficHistorySchema,
    await api.get<unknown>(`/api/routercontrol/monitor-traffic/${routerId}?window=${window}`, { signal, silent: true }),
    'con el historial de tráfico',
  );
}

export function useRouterTraffic() {
  return useQuery({
    queryKey: networkStatsKeys.traffic(),
    queryFn: ({ signal }) => fetchRouterTraffic(signal),
    refetchInterval: LIVE_REFRESH_MS,
  });
}

export function useRouterTrafficHistory(routerId: number | null, window: BandwidthWindow) {
  return useQuery({
    queryKey: networkStatsKeys.trafficHistory(routerId ?? 0, window),
    queryFn: ({ signal }) => fetchRouterTrafficHistory(routerId!, window, signal),
    enabled: routerId !== null,
    refetchInterval: window === '5m' || window === '1h' ? LIVE_REFRESH_MS * 2 : false,
  });
}
