import { pagedSchema, reminderItemSchema, reminderRunSchema, type ReminderState } from '@airlink/domain';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { readResponse } from '../../../lib/read-response';
import { toSearchParams, type ServerTableParams } from '../../../components/ui/use-server-table';
import { automationKeys } from './automation-query-keys';

export type ReminderListParams = ServerTableParams & { estado?: ReminderState };

/** GET /api/recordatorios: queued and sent reminders, newest first. */
export function useReminders(params: ReminderListParams) {
  return useQuery(
    queryOptions({
      queryKey: automationKeys.reminderList(params),
      queryFn: async ({ signal }) =>
        readResponse(
          pagedSchema(reminderItemSchema),
          await api.get<unknown>(`/api/recordatorios${toSearchParams(params)}`, { signal, silent: true }),
          'con los recordatorios',
        ),
      placeholderData: keepPreviousData,
    }),
  );
}

/** POST /api/recordatorios/enviar: queue who is due and send now (only from 09:00 to 20:00). */
export function useSendReminders() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      readResponse(
        reminderRunSchema,
        await api.post<unknown>('/api/recordatorios/enviar', undefined, { silent: true }),
        'con los recordatorios',
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: automationKeys.reminders() }),
  });
}
