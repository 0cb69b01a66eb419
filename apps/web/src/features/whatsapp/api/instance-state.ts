import { whatsappStateSchema } from '@airlink/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { readResponse } from '../../../lib/read-response';
import { whatsappKeys } from './whatsapp-query-keys';

/** GET /api/whatsapp/instances/{instance}/state: open, close or connecting (as Evolution says now). */
export async function fetchInstanceState(instance: string, signal?: AbortSignal) {
  const data = await api.get<unknown>(`/api/whatsapp/instances/${encodeURIComponent(instance)}/state`, {
    signal,
    silent: true,
  });
  return readResponse(whatsappStateSchema, data, 'el estado de la instancia');
}

export const instanceStateQueryOptions = (instance: string) =>
  queryOptions({
    queryKey: whatsappKeys.state(instance),
    queryFn: ({ signal }) => fetchInstanceState(instance, signal),
    retry: false,
  });

export function useInstanceState(instance: string) {
  return useQuery(instanceStateQueryOptions(instance));
}
