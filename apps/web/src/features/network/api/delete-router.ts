import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { networkKeys } from './network-query-keys';

/** DELETE /api/MikrotikRouters/{id} (level 20): 204, or 409 `router_in_use` with the Spanish reason while contracts point at it. */
export async function deleteRouter(id: number): Promise<void> {
  // The confirmation shows the failure in place, so the global error toast stays quiet.
  await api.delete(`/api/MikrotikRouters/${id}`, { silent: true });
}

export function useDeleteRouter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRouter,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: networkKeys.all }),
  });
}
