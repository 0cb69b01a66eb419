import { automationSettingsSchema, type AutomationSettings, type AutomationSettingsInput } from '@airlink/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { readResponse } from '../../../lib/read-response';
import { automationKeys } from './automation-query-keys';

/** PUT /api/cortes-programados/configuracion: the whole schedule; the answer is what was stored. */
export async function updateAutomationSettings(input: AutomationSettingsInput): Promise<AutomationSettings> {
  return readResponse(
    automationSettingsSchema,
    await api.put<unknown>('/api/cortes-programados/configuracion', input, { silent: true }),
    'con el programa de cortes',
  );
}

export function useUpdateAutomationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAutomationSettings,
    onSuccess: async (saved) => {
      queryClient.setQueryData(automationKeys.settings(), saved);
      // The share limit decides whether the preview needs a confirmation.
      await queryClient.invalidateQueries({ queryKey: automationKeys.preview() });
    },
  });
}
