import { runSchema, type AutomationRun, z } from '@airlink/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { readResponse } from '../../../lib/read-response';
import { automationKeys } from './automation-query-keys';

/** GET /api/cortes-programados/ejecuciones: the last 100 runs, newest first. */
export async function fetchRuns(signal?: AbortSignal): Promise<AutomationRun[]> {
  return readResponse(
    z.array(runSchema),
    await api.get<unknown>('/api/cortes-programados/ejecuciones', { signal, silent: true }),
    'con las ejecuciones',
  );
}

export function useRuns() {
  return useQuery(queryOptions({ queryKey: automationKeys.runs(), queryFn: ({ signal }) => fetchRuns(signal) }));
}
