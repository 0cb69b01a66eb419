import { taskSchema, type Task, z } from '@airlink/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { readResponse } from '../../../lib/read-response';
import { tasksKeys } from './automation-query-keys';

/** How often the Tareas page reads the schedules again (a queued run shows as running, then done). */
export const TASKS_REFRESH_MS = 10_000;

/** GET /api/tareas (level 20): every schedule of the job runner with its next and last runs. */
export async function fetchTasks(signal?: AbortSignal): Promise<Task[]> {
  return readResponse(
    z.array(taskSchema),
    await api.get<unknown>('/api/tareas', { signal, silent: true }),
    'con las tareas',
  );
}

export function useTasks() {
  return useQuery(
    queryOptions({
      queryKey: tasksKeys.list(),
      queryFn: ({ signal }) => fetchTasks(signal),
      refetchInterval: TASKS_REFRESH_MS,
    }),
  );
}
