import { type User } from '@airlink/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { readUsers } from './read-user';
import { usersKeys } from './users-query-keys';

/** GET /api/usuarios: every user (level 20). */
export async function fetchUsers(signal?: AbortSignal): Promise<User[]> {
  // The page shows a failure in place (with 'Reintentar'), so the global error toast stays quiet.
  return readUsers(await api.get<unknown>('/api/usuarios', { signal, silent: true }));
}

export const usersQueryOptions = () =>
  queryOptions({
    queryKey: usersKeys.list(),
    queryFn: ({ signal }) => fetchUsers(signal),
  });

export function useUsers() {
  return useQuery(usersQueryOptions());
}
