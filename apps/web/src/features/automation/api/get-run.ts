import { runDetailSchema, type AutomationRunDetail } from '@airlink/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { readResponse } from '../../../lib/read-response';
import { automationKeys } from './automation-query-keys';

/** GET /api/cortes-programados/ejecuciones/{id}: the run with its result per contract. */
export async function fetchRun(id: number, signal?: AbortSignal): Promise<AutomationRunDetail> {
  return readResponse(
    runDetailSchema,
    await api.get<unknown>(`/api/cortes-programados/ejecuciones/${id}`, { signal, silent: true }),
    'con la ejecución',
  );
}

export function useRun(id: number | null) {
  return useQuery(
    queryOptions({
      queryKey: automationKeys.run(id ?? 0),
      queryFn: ({ signal }) => fetchRun(id ?? 0, signal),
      enabled: id !== null,
    }),
  );
}
