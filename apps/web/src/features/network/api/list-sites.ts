import { siteSchema, z } from '@airlink/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { readResponse } from '../../../lib/read-response';
import { networkKeys } from './network-query-keys';

const sitesSchema = z.array(siteSchema);

/** GET /api/site (level 20): every site with how many routers and radios use it. */
export async function fetchSites(signal?: AbortSignal) {
  // The page shows a failure in place (with 'Reintentar'), so the global error toast stays quiet.
  const data = await api.get<unknown>('/api/site', { signal, silent: true });
  return readResponse(sitesSchema, data, 'la lista de sites');
}

export const sitesQueryOptions = () =>
  queryOptions({ queryKey: networkKeys.sites(), queryFn: ({ signal }) => fetchSites(signal) });

export function useSites(enabled = true) {
  return useQuery({ ...sitesQueryOptions(), enabled });
}
