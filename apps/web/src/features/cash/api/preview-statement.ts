import { statementPreviewSchema, type StatementImport, type StatementPreview } from '@airlink/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { readResponse } from '../../../lib/read-response';

/**
 * POST /api/Cuentas/movimientos/vista-previa (level 16): the columns, a suggested mapping and the rows as they
 * would be imported (every row with a mapping; the first 20 with the suggested one without it).
 */
export async function previewStatement(body: StatementImport): Promise<StatementPreview> {
  const data = await api.post<unknown>('/api/Cuentas/movimientos/vista-previa', body, { silent: true });
  return readResponse(statementPreviewSchema, data, 'la vista previa');
}

export function usePreviewStatement() {
  return useMutation({ mutationFn: previewStatement });
}
