import { type SupportTicketDetail, type SupportTicketUpdate } from '@airlink/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { readTicketDetail } from './read-support';
import { supportKeys } from './support-query-keys';

export interface UpdateSupportTicketVars {
  id: number;
  changes: SupportTicketUpdate;
}

/** PUT /api/soporte/{id} (level 5): status, priority, assignee and an optional note; each change is a history row. */
export async function updateSupportTicket({ id, changes }: UpdateSupportTicketVars): Promise<SupportTicketDetail> {
  // The dialog shows every failure in place, so the global error toast stays quiet.
  return readTicketDetail(await api.put<unknown>(`/api/soporte/${id}`, changes, { silent: true }));
}

export function useUpdateSupportTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSupportTicket,
    onSuccess: (detail) => {
      queryClient.setQueryData(supportKeys.detail(detail.id), detail);
      // Counters, the list and the customer's tickets follow the change.
      return queryClient.invalidateQueries({
        queryKey: supportKeys.all,
        predicate: (q) => !(q.queryKey[1] === 'detail' && q.queryKey[2] === detail.id),
      });
    },
  });
}
