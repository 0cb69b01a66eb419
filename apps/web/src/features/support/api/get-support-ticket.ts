import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { readTicketDetail } from './read-support';
import { supportKeys } from './support-query-keys';

/** GET /api/soporte/{id} (level 5): the ticket with its history (newest change first). */
export async function fetchSupportTicket(id: number, signal?: AbortSignal) {
  return readTicketDetail(await api.get<unknown>(`/api/soporte/${id}`, { signal, silent: true }));
}

export const supportTicketQueryOptions = (id: number) =>
  queryOptions({ queryKey: supportKeys.detail(id), queryFn: ({ signal }) => fetchSupportTicket(id, signal) });

export function useSupportTicket(id: number) {
  return useQuery(supportTicketQueryOptions(id));
}
