import { deviceSchema, normalizeMac, pagedSchema, type Device } from '@airlink/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { readResponse } from '../../../lib/read-response';
import { networkStatsKeys } from './network-stats-query-keys';

const devicePage = pagedSchema(deviceSchema);

/**
 * The contract's radio: the device whose hwaddr is the contract's MAC (GET /api/devices?q=, level 10).
 * Null when no registered radio has that MAC.
 */
export async function findRadioByMac(mac: string, signal?: AbortSignal): Promise<Device | null> {
  const q = new URLSearchParams({ q: mac, page: '0', pageSize: '5' }); // pages are 0-based
  const page = readResponse(
    devicePage,
    await api.get<unknown>(`/api/devices?${q.toString()}`, { signal, silent: true }),
    'con los radios',
  );
  return page.items.find((d) => normalizeMac(d.hwaddr) === mac) ?? null;
}

/** The radio of a MAC in any notation; disabled without a valid MAC or when `enabled` is false. */
export function useRadioByMac(rawMac: string | null | undefined, enabled = true) {
  const mac = rawMac ? normalizeMac(rawMac) : null;
  return useQuery(
    queryOptions({
      queryKey: networkStatsKeys.radioByMac(mac ?? ''),
      queryFn: ({ signal }) => findRadioByMac(mac!, signal),
      enabled: enabled && mac !== null,
      staleTime: 5 * 60_000,
    }),
  );
}
