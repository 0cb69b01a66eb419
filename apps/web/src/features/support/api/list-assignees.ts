import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { readAssignees } from './read-support';
import { supportKeys } from './support-query-keys';

/** GET /api/soporte/asignables (level 5): the active staff a ticket can be assigned to. */
export async function fetchAssignees(signal?: AbortSignal) {
  return readAssignees(await api.get<unknown>('/api/soporte/asignables', { signal, silent: true }));
}

export const assigneesQueryOptions = () =>
  queryOptions({
    queryKey: supportKeys.assignees(),
    queryFn: ({ signal }) => fetchAssignees(signal),
    staleTime: 5 * 60_000,
  });

export function useAssignees() {
  return useQuery(assigneesQueryOptions());
}
