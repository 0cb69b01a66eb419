import { runDetailSchema, type AutomationRunDetail } from '@airlink/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { readResponse } from '../../../lib/read-response';
import { automationKeys } from './automation-query-keys';

/** POST /api/cortes-programados/ejecuciones/{id}/deshacer: reconnects exactly the contracts that run cut. */
export async function undoRun(id: number): Promise<AutomationRunDetail> {
  return readResponse(
    runDetailSchema,
    await api.post<unknown>(`/api/cortes-programados/ejecuciones/${id}/deshacer`, {}, { silent: true }),
    'con la ejecución deshecha',
  );
}

export function useUndoRun() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: undoRun,
    onSuccess: (run) => {
      queryClient.setQueryData(automationKeys.run(run.id), run);
      return queryClient.invalidateQueries();
    },
  });
}
