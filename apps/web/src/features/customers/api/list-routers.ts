import { canDo, type Router } from '@airlink/domain';
import { useQuery } from '@tanstack/react-query';
import { routersQueryOptions } from '../../network';

/**
 * The router list of the network area (one query for the Routers page and the contract form), only for a
 * level that may read it (below it the contract form shows the router read-only).
 */
export function useRoutersForContract(level: number) {
  return useQuery({ ...routersQueryOptions(), enabled: canDo(level, 'network.manage'), staleTime: 5 * 60_000 });
}

/** How a router is named in the form: its identity name, else its host. */
export const routerName = (r: Pick<Router, 'hostname' | 'host'>) => r.hostname || r.host;
