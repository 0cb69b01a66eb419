import { businessSettingsSchema, type BusinessSettings, type BusinessSettingsInput } from '@airlink/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { readResponse } from '../../../lib/read-response';
import { administrationKeys } from './administration-query-keys';

/** PUT /api/configuracion (level 20): the whole settings; the answer is what was stored (sorted). */
async function updateBusinessSettings(input: BusinessSettingsInput): Promise<BusinessSettings> {
  return readResponse(
    businessSettingsSchema,
    await api.put<unknown>('/api/configuracion', input, { silent: true }),
    'con la configuración',
  );
}

/** Saves the settings; cut-off dates shown anywhere are computed again by the server on the next read. */
export function useUpdateBusinessSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBusinessSettings,
    onSuccess: async (saved) => {
      queryClient.setQueryData(administrationKeys.settings(), saved);
      // Contracts and due lists carry cut-off dates computed with the calendar: read them again.
      await queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== administrationKeys.all[0] });
    },
  });
}
