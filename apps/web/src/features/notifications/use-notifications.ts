import { type Notification } from '@airlink/domain';
import { useSyncExternalStore } from 'react';
import { notificationStore } from './notification-store';

/** The notification list, newest first; re-renders on every change. */
export function useNotifications(): Notification[] {
  return useSyncExternalStore(
    notificationStore.subscribe,
    notificationStore.getSnapshot,
    notificationStore.getSnapshot,
  );
}
