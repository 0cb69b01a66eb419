import { queryOptions, useQuery } from '@tanstack/react-query';
import { connectionStatsSchema, type ConnectionStats } from '@airlink/domain';
import { api } from '../../../lib/api-client';
import { connectedUsersKeys } from './connected-users-query-keys';

/**
 * Active and inactive depend on the clock (5 minutes without activity), not only on hub events,
 * so the counters are asked for again this often while the page is open.
 */
export const STATS_REFRESH_MS = 30_000;

/** GET /api/ConnectedUsers/stats (level 20). */
export async function fetchConnectionStats(signal?: AbortSignal): Promise<ConnectionStats> {
  // The counters show '—' when they cannot be loaded; the list shows the error.
  const data = await api.get<unknown>('/api/ConnectedUsers/stats', { signal, silent: true });
  const parsed = connectionStatsSchema.safeParse(data);
  if (!parsed.success) throw new Error('Los contadores de conexiones llegaron en un formato inesperado.');
  return parsed.data;
}

export const connectionStatsQueryOptions = () =>
  queryOptions({
    queryKey: connectedUsersKeys.stats(),
    queryFn: ({ signal }) => fetchConnectionStats(signal),
    refetchInterval: STATS_REFRESH_MS,
  });

export function useConnectionStats() {
  return useQuery(connectionStatsQueryOptions());
}
