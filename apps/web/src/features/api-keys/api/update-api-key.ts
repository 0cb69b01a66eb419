import { type ApiKey, type ApiKeyUpdate } from '@airlink/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { apiKeysKeys } from './api-keys-query-keys';
import { readApiKey } from './read-api-key';

export interface UpdateApiKeyVars {
  id: number;
  changes: ApiKeyUpdate;
}

/** PUT /api/ApiKey/{id}: name, profile, description, expiry, active. */
export async function updateApiKey({ id, changes }: UpdateApiKeyVars): Promise<ApiKey> {
  return readApiKey(await api.put<unknown>(`/api/ApiKey/${id}`, changes, { silent: true }));
}

export function useUpdateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateApiKey,
    onSuccess: (key) => {
      queryClient.setQueryData<ApiKey[]>(apiKeysKeys.list(), (list) => list?.map((k) => (k.id === key.id ? key : k)));
      return queryClient.invalidateQueries({ queryKey: apiKeysKeys.all });
    },
  });
}
