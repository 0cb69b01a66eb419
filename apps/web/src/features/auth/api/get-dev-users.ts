import { devUserSchema, type DevUser, z } from '@airlink/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { authKeys } from './auth-query-keys';

const listSchema = z.array(devUserSchema);

/** GET /api/auth/dev-users: the demo sign-in list; a 404 (demo sign-in off) means none. */
export async function getDevUsers(signal?: AbortSignal): Promise<DevUser[]> {
  const data = await api.get<unknown>('/api/auth/dev-users', { signal, silent: true, allow401: true });
  return listSchema.parse(data);
}

export const devUsersQuery = () =>
  queryOptions({
    queryKey: authKeys.devUsers(),
    queryFn: ({ signal }) => getDevUsers(signal),
    retry: false,
    staleTime: Infinity,
  });

export function useDevUsers() {
  return useQuery(devUsersQuery());
}
