import { statementImportResultSchema, type StatementImport } from '@airlink/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { cashKeys } from './cash-query-keys';
import { readResponse } from '../../../lib/read-response';

/**
 * POST /api/Cuentas/movimientos/importar (level 16): all or nothing. Any error row → 400 with `details`
 * `{ "fila 3": [messages] }`; rows already imported are not added again.
 */
export async function importStatement(body: StatementImport) {
  const data = await api.post<unknown>('/api/Cuentas/movimientos/importar', body, { silent: true });
  return readResponse(statementImportResultSchema, data, 'el resultado de la importación');
}

export function useImportStatement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importStatement,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cashKeys.pending() }),
  });
}
