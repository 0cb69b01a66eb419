import { mergeNotifications, notificationSchema, type Notification } from '@airlink/domain';
import { z } from 'zod';
import { NOTIFICATIONS_KEY, session } from '../../lib/session';

const cacheSchema = z.array(notificationSchema);

type Listener = () => void;

/** Reads the localStorage cache; a missing, unreadable or invalid cache is an empty list (logged). */
export function readNotificationCache(): Notification[] {
  try {
    const raw = localStorage.getItem(NOTIFICATIONS_KEY);
    if (!raw) return [];
    const parsed = cacheSchema.safeParse(JSON.parse(raw));
    if (!parsed.success) {
      console.error('Discarding an invalid notification cache', parsed.error);
      return [];
    }
    return mergeNotifications([], parsed.data);
  } catch (e) {
    console.error('Could not read the notification cache', e);
    return [];
  }
}

function writeNotificationCache(list: readonly Notification[]) {
  try {
    localStorage.setItem(NOTIFICATIONS_KEY, JSON.stringify(list));
  } catch (e) {
    console.error('Could not write the notification cache', e);
  }
}

/**
 * The signed-in user's notifications: at most MAX_NOTIFICATIONS, newest first, one per id,
 * mirrored to localStorage. The bell and the notifications page read the same store.
 */
function createNotificationStore() {
  let list: Notification[] = readNotificationCache();
  const listeners = new Set<Listener>();

  const commit = (next: Notification[]) => {
    list = next;
    writeNotificationCache(list);
    listeners.forEach((l) => l());
  };
  const update = (id: string, fn: (n: Notification) => Notification) =>
    commit(list.map((n) => (n.id === id ? fn(n) : n)));

  return {
    getSnapshot: (): Notification[] => list,
    subscribe(listener: Listener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    get: (id: string): Notification | undefined => list.find((n) => n.id === id),
    /** Adds or replaces entries (incoming copies win), keeping order and cap. */
    merge(incoming: readonly Notification[]) {
      commit(mergeNotifications(list, incoming));
    },
    add(n: Notification) {
      commit(mergeNotifications(list, [n]));
    },
    setRead(id: string, read: boolean, at = new Date().toISOString()) {
      update(id, (n) => ({ ...n, read, readAt: read ? (n.readAt ?? at) : null }));
    },
    markAllRead(at = new Date().toISOString()) {
      commit(list.map((n) => (n.read ? n : { ...n, read: true, readAt: at })));
    },
    remove(id: string) {
      commit(list.filter((n) => n.id !== id));
    },
    clear() {
      commit([]);
    },
    /** Replaces the whole list (used to undo an optimistic change). */
    replace(next: readonly Notification[]) {
      commit(mergeNotifications([], next));
    },
    /** Reloads from the cache without writing it (another user signed in, or signed out). */
    reload() {
      list = readNotificationCache();
      listeners.forEach((l) => l());
    },
  };
}

export type NotificationStore = ReturnType<typeof createNotificationStore>;

export const notificationStore: NotificationStore = createNotificationStore();

// The cache belongs to one user: follow sign-in and sign-out.
let lastUserId = session.getUser()?.id ?? null;
session.subscribe(() => {
  const id = session.getUser()?.id ?? null;
  if (id === lastUserId) return;
  lastUserId = id;
  notificationStore.reload();
});
