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

/**
 * While 'Ejecutar ahora' runs (its answer comes at the end), today's run read every second: its progress
 * (procesados of total, cut on the router) as the server records it.
 */
export function useLiveRun(fecha: string | null, enabled: boolean) {
  return useQuery({
    queryKey: automationKeys.liveRuns(),
    queryFn: ({ signal }) => fetchRuns(signal),
    enabled: enabled && fecha !== null,
    refetchInterval: enabled ? 1000 : false,
    gcTime: 0,
    select: (runs) => runs.find((r) => r.fecha === fecha && r.estado === 'en_curso') ?? null,
  });
}
