import { type ApiKey } from '@airlink/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { apiKeysKeys } from './api-keys-query-keys';

/** DELETE /api/ApiKey/{id}: the key stops working at once. */
export async function deleteApiKey(id: number): Promise<void> {
  await api.delete(`/api/ApiKey/${id}`, { silent: true });
}

export function useDeleteApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteApiKey,
    onSuccess: (_void, id) => {
      queryClient.setQueryData<ApiKey[]>(apiKeysKeys.list(), (list) => list?.filter((k) => k.id !== id));
      return queryClient.invalidateQueries({ queryKey: apiKeysKeys.all });
    },
  });
}
