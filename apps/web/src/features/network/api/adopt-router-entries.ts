import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adoptResultSchema, type AdoptInput } from '@airlink/domain';
import { readResponse } from '../../../lib/read-response';
import { networkKeys } from './network-query-keys';

/**
 * POST /api/MikrotikRouters/{id}/adoptar (level 20): links router entries to contracts and takes them over
 * (profile or queue set to the contract's plan). 409 when an entry or a contract is already linked elsewhere.
 */
export function useAdoptRouterEntries(routerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: AdoptInput) =>
      readResponse(
        adoptResultSchema,
        await api.post<unknown>(`/api/MikrotikRouters/${routerId}/adoptar`, input, { silent: true }),
        'la adopción',
      ),
    // The inventory (under the routers' key) and the routers' contract counts change.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: networkKeys.routers() }),
  });
}
