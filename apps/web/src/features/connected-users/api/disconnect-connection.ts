import { type ConnectedUser } from '@airlink/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { connectedUsersKeys } from './connected-users-query-keys';

/**
 * POST /api/ConnectedUsers/disconnect/{connectionId} (level 20): the server tells that browser its
 * session ended and closes the connection; 404 when the connection no longer exists.
 */
export async function disconnectConnection(connectionId: string): Promise<void> {
  // The confirmation dialog shows a failure in place, so the global error toast stays quiet.
  await api.post<unknown>(`/api/ConnectedUsers/disconnect/${encodeURIComponent(connectionId)}`, {}, { silent: true });
}

export function useDisconnectConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disconnectConnection,
    onSuccess: (_data, connectionId) => {
      queryClient.setQueryData<ConnectedUser[]>(connectedUsersKeys.list(), (list) =>
        list?.filter((c) => c.connectionId !== connectionId),
      );
    },
    // Refresh the list and the counters either way: on a 404 the connection is already gone.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: connectedUsersKeys.list() }),
        queryClient.invalidateQueries({ queryKey: connectedUsersKeys.stats() }),
      ]),
  });
}
