import {
  reminderPreviewSchema,
  reminderSettingsSchema,
  type ReminderSettings,
  type ReminderSettingsInput,
} from '@airlink/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { readResponse } from '../../../lib/read-response';
import { automationKeys } from './automation-query-keys';

const CONTEXT = 'con los recordatorios de pago';

/** GET /api/recordatorios/configuracion (level 20). */
export async function fetchReminderSettings(signal?: AbortSignal): Promise<ReminderSettings> {
  return readResponse(
    reminderSettingsSchema,
    await api.get<unknown>('/api/recordatorios/configuracion', { signal, silent: true }),
    CONTEXT,
  );
}

export function useReminderSettings() {
  return useQuery(
    queryOptions({
      queryKey: automationKeys.reminderSettings(),
      queryFn: ({ signal }) => fetchReminderSettings(signal),
    }),
  );
}

/** PUT /api/recordatorios/configuracion: the whole settings; the answer is what was stored. */
export function useUpdateReminderSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: ReminderSettingsInput) =>
      readResponse(
        reminderSettingsSchema,
        await api.put<unknown>('/api/recordatorios/configuracion', input, { silent: true }),
        CONTEXT,
      ),
    onSuccess: (saved) => queryClient.setQueryData(automationKeys.reminderSettings(), saved),
  });
}

/** POST /api/recordatorios/vista-previa: the template written for a sample contract. */
export async function previewReminder(plantilla: string, datosCuenta: string): Promise<string> {
  const res = await readResponse(
    reminderPreviewSchema,
    await api.post<unknown>('/api/recordatorios/vista-previa', { plantilla, datosCuenta }, { silent: true }),
    CONTEXT,
  );
  return res.texto;
}
