import { routerEventSchema, z } from '@airlink/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { readResponse } from '../../../lib/read-response';
import { networkKeys } from './network-query-keys';

/**
 * GET /api/MikrotikRouters/{id}/eventos (level 20): what provisioning and reconciliation did on the router, newest
 * first (each repair of a drifted profile or queue among them).
 */
export function useRouterEvents(routerId: number) {
  return useQuery({
    queryKey: networkKeys.routerEvents(routerId),
    queryFn: async ({ signal }) =>
      readResponse(
        z.array(routerEventSchema),
        await api.get<unknown>(`/api/MikrotikRouters/${routerId}/eventos`, { signal, silent: true }),
        'los eventos del router',
      ),
  });
}
