import { type ApiKey } from '@airlink/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { apiKeysKeys } from './api-keys-query-keys';
import { readApiKeys } from './read-api-key';

/** GET /api/ApiKey (level 20): every live key, without the key itself (only its prefix is stored). */
export async function fetchApiKeys(signal?: AbortSignal): Promise<ApiKey[]> {
  // The page shows 'Error al cargar las API Keys' in place, so the global error toast stays quiet.
  return readApiKeys(await api.get<unknown>('/api/ApiKey', { signal, silent: true }));
}

export function useApiKeys() {
  return useQuery(queryOptions({ queryKey: apiKeysKeys.list(), queryFn: ({ signal }) => fetchApiKeys(signal) }));
}
