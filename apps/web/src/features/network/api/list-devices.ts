import { deviceSchema, pagedSchema, type DeviceStatus } from '@airlink/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { readResponse } from '../../../lib/read-response';
import type { ServerTableParams } from '../../../components/ui/use-server-table';
import { networkKeys } from './network-query-keys';

/**
 * The query string of GET /api/devices: page, sort and only the filters in use. The Señal column shows the
 * signal negated (62 for -62 dBm), so its ascending order is the API's descending one (by dBm).
 */
export function deviceListSearch(
  params: ServerTableParams,
  filters: { q: string; siteId: number | null; status?: DeviceStatus | null },
): string {
  const q = new URLSearchParams();
  q.set('page', String(params.page));
  q.set('pageSize', String(params.pageSize));
  if (params.sort) q.set('sort', params.sort);
  if (params.dir) q.set('dir', params.sort === 'signal' ? (params.dir === 'asc' ? 'desc' : 'asc') : params.dir);
  if (filters.siteId !== null) q.set('siteId', String(filters.siteId));
  if (filters.status) q.set('status', filters.status);
  const text = filters.q.trim();
  if (text) q.set('q', text);
  return `?${q.toString()}`;
}

const pagedDevices = pagedSchema(deviceSchema);

/** GET /api/devices (level 10): radios paged, sorted and filtered on the server. */
export async function fetchDevices(search: string, signal?: AbortSignal) {
  // The list shows a failure in place (with 'Reintentar'), so the global error toast stays quiet.
  const data = await api.get<unknown>(`/api/devices${search}`, { signal, silent: true });
  return readResponse(pagedDevices, data, 'la lista de dispositivos');
}

export const devicesQueryOptions = (search: string) =>
  queryOptions({
    queryKey: networkKeys.deviceList(search),
    queryFn: ({ signal }) => fetchDevices(search, signal),
    placeholderData: keepPreviousData,
  });

export function useDevices(search: string) {
  return useQuery(devicesQueryOptions(search));
}
