import { previewSchema, type CutPreview } from '@airlink/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { readResponse } from '../../../lib/read-response';
import { automationKeys } from './automation-query-keys';

/** GET /api/cortes-programados/vista-previa: the list of the next run day (the server picks the date). */
export async function fetchCutPreview(signal?: AbortSignal): Promise<CutPreview> {
  return readResponse(
    previewSchema,
    await api.get<unknown>('/api/cortes-programados/vista-previa', { signal, silent: true }),
    'con la lista de cortes',
  );
}

export function useCutPreview() {
  return useQuery(
    queryOptions({ queryKey: automationKeys.preview(), queryFn: ({ signal }) => fetchCutPreview(signal) }),
  );
}
