import { runSchema, type AutomationRun } from '@airlink/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { readResponse } from '../../../lib/read-response';
import { automationKeys } from './automation-query-keys';

export interface ApproveRunVars {
  fecha: string;
  /** Accepts the share guard (the server answered 409 confirmation_required before). */
  confirmar?: boolean;
}

/** POST /api/cortes-programados/aprobaciones: the schedule cuts that date's list at its time. */
export async function approveRun({ fecha, confirmar = false }: ApproveRunVars): Promise<AutomationRun> {
  return readResponse(
    runSchema,
    await api.post<unknown>('/api/cortes-programados/aprobaciones', { fecha, confirmar }, { silent: true }),
    'con la aprobación',
  );
}

export function useApproveRun() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approveRun,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: automationKeys.all }),
  });
}
