import { radioCurrentStatsSchema } from '@airlink/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { readResponse } from '../../../lib/read-response';
import { networkKeys } from './network-query-keys';

/** GET /api/site/{siteId}/{deviceId} (level 10): the radio's last stored reading, never a live read. */
export async function fetchDeviceStats(siteId: number, deviceId: number, signal?: AbortSignal) {
  // A row or the details view shows '—' or the failure in place: no global toast.
  const data = await api.get<unknown>(`/api/site/${siteId}/${deviceId}`, { signal, silent: true });
  return readResponse(radioCurrentStatsSchema, data, 'las estadísticas del radio');
}

export const deviceStatsQueryOptions = (siteId: number, deviceId: number) =>
  queryOptions({
    queryKey: networkKeys.deviceStats(siteId, deviceId),
    queryFn: ({ signal }) => fetchDeviceStats(siteId, deviceId, signal),
    staleTime: 30_000,
  });

/** The stats of a radio of a site; a radio without site has none. */
export function useDeviceStats(siteId: number | null, deviceId: number) {
  return useQuery({ ...deviceStatsQueryOptions(siteId ?? 0, deviceId), enabled: siteId !== null });
}
