import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { readCounters } from './read-support';
import { supportKeys } from './support-query-keys';

/** GET /api/soporte/resumen (level 5): tickets per status and the total. */
export async function fetchSupportCounters(signal?: AbortSignal) {
  return readCounters(await api.get<unknown>('/api/soporte/resumen', { signal, silent: true }));
}

export const supportCountersQueryOptions = () =>
  queryOptions({ queryKey: supportKeys.counters(), queryFn: ({ signal }) => fetchSupportCounters(signal) });

export function useSupportCounters() {
  return useQuery(supportCountersQueryOptions());
}
