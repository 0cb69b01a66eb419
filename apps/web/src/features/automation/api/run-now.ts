import { runDetailSchema, type AutomationRunDetail } from '@airlink/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { readResponse } from '../../../lib/read-response';
import { automationKeys } from './automation-query-keys';

/** POST /api/cortes-programados/ejecuciones: cuts today's list now; the answer holds each contract's result. */
export async function runNow(confirmar = false): Promise<AutomationRunDetail> {
  return readResponse(
    runDetailSchema,
    await api.post<unknown>('/api/cortes-programados/ejecuciones', { confirmar }, { silent: true }),
    'con la ejecución',
  );
}

export function useRunNow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runNow,
    onSuccess: (run) => {
      queryClient.setQueryData(automationKeys.run(run.id), run);
      // Contracts were cut: every list that shows them is read again.
      return queryClient.invalidateQueries();
    },
  });
}
