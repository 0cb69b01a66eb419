import { z, routerSchema } from '@airlink/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { readResponse } from '../../../lib/read-response';
import { networkKeys } from './network-query-keys';

const routersSchema = z.array(routerSchema);

/** GET /api/MikrotikRouters (level 20): every router with how many contracts it serves. */
export async function fetchRouters(signal?: AbortSignal) {
  // The page shows a failure in place (with 'Reintentar'), so the global error toast stays quiet.
  const data = await api.get<unknown>('/api/MikrotikRouters', { signal, silent: true });
  return readResponse(routersSchema, data, 'la lista de routers');
}

export const routersQueryOptions = () =>
  queryOptions({ queryKey: networkKeys.routers(), queryFn: ({ signal }) => fetchRouters(signal) });

export function useRouters(enabled = true) {
  return useQuery({ ...routersQueryOptions(), enabled });
}
