import { type SupportTicket, type SupportTicketInput } from '@airlink/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { readTicket } from './read-support';
import { supportKeys } from './support-query-keys';

/** POST /api/soporte (any signed-in user): 201 with the new ticket, estado Abierto. */
export async function createSupportTicket(body: SupportTicketInput): Promise<SupportTicket> {
  // The dialog shows every failure in place, so the global error toast stays quiet.
  return readTicket(await api.post<unknown>('/api/soporte', body, { silent: true }));
}

export function useCreateSupportTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSupportTicket,
    // The customer's tickets, the support center's list and its counters.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: supportKeys.all }),
  });
}
