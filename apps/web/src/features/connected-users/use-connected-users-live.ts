import { connectedUserSchema, type ConnectedUser } from '@airlink/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useHubEvent, useHubState } from '../../lib/use-realtime';
import { connectedUsersKeys } from './api/connected-users-query-keys';

/** Hub events sent to level-20 sockets about other connections (docs/api-contract.md "Push hub"). */
export const PRESENCE_EVENTS = ['UserConnected', 'UserReconnected', 'UserActivityUpdate', 'UserDisconnected'] as const;
/** A burst of events (several people navigating) asks for the counters once. */
export const STATS_DEBOUNCE_MS = 500;

/** The list with `user` added, or replacing the entry of the same connection. */
export function upsertConnection(list: readonly ConnectedUser[], user: ConnectedUser): ConnectedUser[] {
  const i = list.findIndex((c) => c.connectionId === user.connectionId);
  if (i === -1) return [user, ...list];
  return list.map((c, j) => (j === i ? user : c));
}

/**
 * Keeps the connected-users list and counters in step with the hub while mounted: a connection,
 * reconnection or activity update patches its row, a disconnection removes it, and the counters
 * are asked for again. After the hub reconnects (events may have been missed) both are reloaded.
 */
export function useConnectedUsersLive(): void {
  const queryClient = useQueryClient();
  const statsTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const hubState = useHubState();
  const lastHubState = useRef(hubState);

  useEffect(
    () => () => {
      if (statsTimer.current) clearTimeout(statsTimer.current);
    },
    [],
  );

  useEffect(() => {
    const reconnected = hubState === 'connected' && lastHubState.current !== 'connected';
    lastHubState.current = hubState;
    if (!reconnected) return;
    void queryClient.invalidateQueries({ queryKey: connectedUsersKeys.list() });
    void queryClient.invalidateQueries({ queryKey: connectedUsersKeys.stats() });
  }, [hubState, queryClient]);

  const refreshStats = () => {
    if (statsTimer.current) clearTimeout(statsTimer.current);
    statsTimer.current = setTimeout(() => {
      statsTimer.current = null;
      void queryClient.invalidateQueries({ queryKey: connectedUsersKeys.stats() });
    }, STATS_DEBOUNCE_MS);
  };

  const apply = (event: (typeof PRESENCE_EVENTS)[number], payload: unknown) => {
    const parsed = connectedUserSchema.safeParse(payload);
    if (!parsed.success) {
      console.error(`Ignoring an invalid ${event} payload`, parsed.error);
      return;
    }
    const user = parsed.data;
    const key = connectedUsersKeys.list();
    if (queryClient.getQueryData<ConnectedUser[]>(key) === undefined) {
      // The list is still loading (or failed): ask again so the answer includes this change.
      void queryClient.invalidateQueries({ queryKey: key });
    } else {
      queryClient.setQueryData<ConnectedUser[]>(key, (list = []) =>
        event === 'UserDisconnected'
          ? list.filter((c) => c.connectionId !== user.connectionId)
          : upsertConnection(list, user),
      );
    }
    refreshStats();
  };

  useHubEvent('UserConnected', (payload) => apply('UserConnected', payload));
  useHubEvent('UserReconnected', (payload) => apply('UserReconnected', payload));
  useHubEvent('UserActivityUpdate', (payload) => apply('UserActivityUpdate', payload));
  useHubEvent('UserDisconnected', (payload) => apply('UserDisconnected', payload));
}
