import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { networkKeys } from './network-query-keys';

/** DELETE /api/site/{id} (level 20): 204, or 409 `site_in_use` with the Spanish reason while routers or radios use it. */
export async function deleteSite(id: number): Promise<void> {
  // The confirmation shows the failure in place, so the global error toast stays quiet.
  await api.delete(`/api/site/${id}`, { silent: true });
}

export function useDeleteSite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSite,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: networkKeys.all }),
  });
}
