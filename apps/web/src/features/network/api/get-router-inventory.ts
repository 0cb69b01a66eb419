import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { routerInventorySchema } from '@airlink/domain';
import { readResponse } from '../../../lib/read-response';
import { networkKeys } from './network-query-keys';

/**
 * GET /api/MikrotikRouters/{id}/inventario (level 20): what the router holds (PPP secrets, profiles, simple
 * queues, sessions) against AirLink's contracts, in four groups. Read from the router on every call, so it is
 * kept a minute and read again on demand ('Leer de nuevo').
 */
export function useRouterInventory(routerId: number | null) {
  return useQuery({
    queryKey: networkKeys.inventory(routerId ?? 0),
    queryFn: async ({ signal }) =>
      readResponse(
        routerInventorySchema,
        await api.get<unknown>(`/api/MikrotikRouters/${routerId}/inventario`, { signal, silent: true }),
        'el inventario del router',
      ),
    enabled: routerId !== null,
    staleTime: 60_000,
  });
}
