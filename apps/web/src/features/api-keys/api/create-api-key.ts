import { type ApiKey, type ApiKeyCreate, type ApiKeyWithSecret } from '@airlink/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { apiKeysKeys } from './api-keys-query-keys';
import { readApiKeyWithSecret } from './read-api-key';

/** POST /api/ApiKey: 201 with the key, the only time it is sent; 409 `api_key_name_taken`. */
export async function createApiKey(body: ApiKeyCreate): Promise<ApiKeyWithSecret> {
  return readApiKeyWithSecret(await api.post<unknown>('/api/ApiKey', body, { silent: true }));
}

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiKey,
    onSuccess: ({ key: _key, ...record }) => {
      queryClient.setQueryData<ApiKey[]>(apiKeysKeys.list(), (list) => (list ? [...list, record] : list));
      return queryClient.invalidateQueries({ queryKey: apiKeysKeys.all });
    },
  });
}
