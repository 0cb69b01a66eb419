import { canDo, routerSchema, type Router } from '@airlink/domain';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { readResponse } from '../../../lib/read-response';
import { customersKeys } from './customers-query-keys';

/** GET /api/MikrotikRouters (level 20, network.manage): the routers a contract may be served by. */
export async function fetchRoutersForContract(signal?: AbortSignal): Promise<Router[]> {
  return readResponse(
    z.array(routerSchema),
    await api.get<unknown>('/api/MikrotikRouters', { signal, silent: true }),
    'con los routers',
  );
}

/** The router list, only for a level that may read it (below it the contract form shows the router read-only). */
export function useRoutersForContract(level: number) {
  return useQuery({
    queryKey: customersKeys.routers(),
    queryFn: ({ signal }) => fetchRoutersForContract(signal),
    enabled: canDo(level, 'network.manage'),
    staleTime: 5 * 60_000,
  });
}

/** How a router is named in the form: its identity name, else its host. */
export const routerName = (r: Pick<Router, 'hostname' | 'host'>) => r.hostname || r.host;
