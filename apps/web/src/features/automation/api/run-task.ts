import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { tasksKeys } from './automation-query-keys';

/** POST /api/tareas/{nombre}/ejecutar: one run queued now (409 job_running when one is queued or running). */
export async function runTask(nombre: string): Promise<void> {
  await api.post(`/api/tareas/${encodeURIComponent(nombre)}/ejecutar`, {}, { silent: true });
}

export function useRunTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runTask,
    onSettled: () => queryClient.invalidateQueries({ queryKey: tasksKeys.all }),
  });
}
