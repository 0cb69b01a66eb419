import { connectedUserSchema, type ConnectedUser, z } from '@airlink/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { connectedUsersKeys } from './connected-users-query-keys';

const connectedUsersSchema = z.array(connectedUserSchema);

/** GET /api/ConnectedUsers (level 20): every push-hub connection, the most recently active first. */
export async function fetchConnectedUsers(signal?: AbortSignal): Promise<ConnectedUser[]> {
  // The page shows a failure in place (with 'Reintentar'), so the global error toast stays quiet.
  const data = await api.get<unknown>('/api/ConnectedUsers', { signal, silent: true });
  const parsed = connectedUsersSchema.safeParse(data);
  if (!parsed.success) throw new Error('La lista de usuarios conectados llegó en un formato inesperado.');
  return parsed.data;
}

export const connectedUsersQueryOptions = () =>
  queryOptions({
    queryKey: connectedUsersKeys.list(),
    queryFn: ({ signal }) => fetchConnectedUsers(signal),
  });

export function useConnectedUsers() {
  return useQuery(connectedUsersQueryOptions());
}
