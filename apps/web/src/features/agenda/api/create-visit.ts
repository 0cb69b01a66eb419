import { type AgendaEvent, type VisitInput } from '@airlink/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { agendaKeys } from './agenda-query-keys';
import { readAgendaEvent } from './read-agenda';

/**
 * POST /api/agenda (any signed-in user): 201 with the visit. 400 `invalid_slot` (Sunday, outside hours, off
 * the half hour, past) and 409 `slot_taken` carry a Spanish message the dialog shows.
 */
export async function createVisit(body: VisitInput): Promise<AgendaEvent> {
  // The dialog shows every failure in place, so the global error toast stays quiet.
  return readAgendaEvent(await api.post<unknown>('/api/agenda', body, { silent: true }));
}

export function useCreateVisit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createVisit,
    // The week calendars and the customer's visits.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: agendaKeys.all }),
  });
}
