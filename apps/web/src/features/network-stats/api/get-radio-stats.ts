import { radioCurrentStatsSchema, type RadioCurrentStats } from '@airlink/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { readResponse } from '../../../lib/read-response';
import { LIVE_REFRESH_MS, networkStatsKeys } from './network-stats-query-keys';

/** GET /api/site/{siteId}/{deviceId} (level 10): the radio's last reading and its last failure. */
export async function fetchRadioStats(
  siteId: number,
  deviceId: number,
  signal?: AbortSignal,
): Promise<RadioCurrentStats> {
  return readResponse(
    radioCurrentStatsSchema,
    await api.get<unknown>(`/api/site/${siteId}/${deviceId}`, { signal, silent: true }),
    'con la lectura del radio',
  );
}

/** The radio's current stats, asked again while the panel is open. */
export function useRadioStats(siteId: number | null | undefined, deviceId: number | null | undefined) {
  return useQuery({
    queryKey: networkStatsKeys.radioStats(siteId ?? 0, deviceId ?? 0),
    queryFn: ({ signal }) => fetchRadioStats(siteId!, deviceId!, signal),
    enabled: !!siteId && !!deviceId,
    refetchInterval: LIVE_REFRESH_MS,
  });
}
