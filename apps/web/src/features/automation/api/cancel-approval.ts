import { runSchema, type AutomationRun } from '@airlink/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { readResponse } from '../../../lib/read-response';
import { automationKeys } from './automation-query-keys';

/** POST /api/cortes-programados/ejecuciones/{id}/cancelar: withdraws an approval that has not started. */
export async function cancelApproval(id: number): Promise<AutomationRun> {
  return readResponse(
    runSchema,
    await api.post<unknown>(`/api/cortes-programados/ejecuciones/${id}/cancelar`, {}, { silent: true }),
    'con la aprobación cancelada',
  );
}

export function useCancelApproval() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelApproval,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: automationKeys.all }),
  });
}
