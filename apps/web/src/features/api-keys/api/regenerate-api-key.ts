import { type ApiKeyWithSecret } from '@airlink/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { apiKeysKeys } from './api-keys-query-keys';
import { readApiKeyWithSecret } from './read-api-key';

/** POST /api/ApiKey/{id}/regenerate: a new key (sent once); the old one stops working at once. */
export async function regenerateApiKey(id: number): Promise<ApiKeyWithSecret> {
  return readApiKeyWithSecret(await api.post<unknown>(`/api/ApiKey/${id}/regenerate`, undefined, { silent: true }));
}

export function useRegenerateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: regenerateApiKey,
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiKeysKeys.all }),
  });
}
