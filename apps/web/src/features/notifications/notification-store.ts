import { mergeNotifications, type Notification } from '@airlink/domain';
import { answerSchemas } from '../../lib/answer-checks';
import { NOTIFICATIONS_KEY, session } from '../../lib/session';

type Listener = () => void;

/**
 * Reads the localStorage cache (as it is now), checked with the domain schema once the shell's schemas arrived; a
 * missing, unreadable or invalid cache is an empty list (logged).
 */
export async function readNotificationCache(): Promise<Notification[]> {
  try {
    const raw = localStorage.getItem(NOTIFICATIONS_KEY);
    if (!raw) return [];
    const stored: unknown = JSON.parse(raw);
    const { notificationListSchema } = await answerSchemas();
    const parsed = notificationListSchema.safeParse(stored);
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

/** What beginSync() hands out: when the sync started, as the store counts changes. */
export interface SyncTicket {
  readonly seq: number;
  readonly epoch: number;
}

/**
 * The signed-in user's notifications: at most MAX_NOTIFICATIONS, newest first, one per id,
 * mirrored to localStorage. The bell and the notifications page read the same store.
 *
 * The server's list is the truth (finishSync replaces the local one), except for what changed
 * here while the request ran: a notification received over the hub, read, deleted or restored
 * after the sync started keeps its local state. To know that, every local change is numbered
 * while a sync is in flight.
 */
function createNotificationStore() {
  let list: Notification[] = [];
  /** Counts every change of the list, so a cache read that arrives after one is dropped. */
  let version = 0;
  const listeners = new Set<Listener>();
  /** Counts local changes; a sync remembers the count when it starts. */
  let seq = 0;
  /** Bumped by reload(): a sync started for another user (or before sign-out) is dropped. */
  let epoch = 0;
  let syncsInFlight = 0;
  /** id → number of its last local change, recorded only while a sync is in flight. */
  const changedAt = new Map<string, number>();
  /** Number of the last change that rewrote the whole list (clear, replace). */
  let rewrittenAt = 0;

  const touch = (ids: Iterable<string>) => {
    seq++;
    if (syncsInFlight > 0) for (const id of ids) changedAt.set(id, seq);
  };
  const rewrite = () => {
    seq++;
    rewrittenAt = seq;
  };
  const commit = (next: Notification[]) => {
    version++;
    list = next;
    writeNotificationCache(list);
    listeners.forEach((l) => l());
  };
  const update = (id: string, fn: (n: Notification) => Notification) => {
    touch([id]);
    commit(list.map((n) => (n.id === id ? fn(n) : n)));
  };

  return {
    getSnapshot: (): Notification[] => list,
    subscribe(listener: Listener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    get: (id: string): Notification | undefined => list.find((n) => n.id === id),
    /** Adds or replaces entries (incoming copies win), keeping order and cap. */
    merge(incoming: readonly Notification[]) {
      touch(incoming.map((n) => n.id));
      commit(mergeNotifications(list, incoming));
    },
    add(n: Notification) {
      touch([n.id]);
      commit(mergeNotifications(list, [n]));
    },
    setRead(id: string, read: boolean, at = new Date().toISOString()) {
      update(id, (n) => ({ ...n, read, readAt: read ? (n.readAt ?? at) : null }));
    },
    markAllRead(at = new Date().toISOString()) {
      touch(list.filter((n) => !n.read).map((n) => n.id));
      commit(list.map((n) => (n.read ? n : { ...n, read: true, readAt: at })));
    },
    remove(id: string) {
      touch([id]);
      commit(list.filter((n) => n.id !== id));
    },
    clear() {
      rewrite();
      commit([]);
    },
    /** Replaces the whole list with a local one (used to undo an optimistic change). */
    replace(next: readonly Notification[]) {
      rewrite();
      commit(mergeNotifications([], next));
    },
    /** Call before asking the server for the list; pass the ticket to finishSync. */
    beginSync(): SyncTicket {
      syncsInFlight++;
      return { seq, epoch };
    },
    /**
     * Ends a sync. With the server's rows (null: the request failed), they replace the list,
     * keeping the local state of every notification changed here since the sync started. A
     * whole-list change since then (clear) makes the rows stale, and they are dropped, as are
     * rows fetched for another user.
     */
    finishSync(ticket: SyncTicket, rows: readonly Notification[] | null) {
      syncsInFlight = Math.max(0, syncsInFlight - 1);
      if (rows && ticket.epoch === epoch && rewrittenAt <= ticket.seq) {
        const changedSince = (id: string) => (changedAt.get(id) ?? 0) > ticket.seq;
        const local = new Map(list.map((n) => [n.id, n]));
        const next = rows.filter((n) => !changedSince(n.id));
        for (const [id, at] of changedAt) {
          const n = local.get(id);
          if (at > ticket.seq && n) next.push(n);
        }
        commit(mergeNotifications([], next));
      }
      if (syncsInFlight === 0) changedAt.clear();
    },
    /**
     * Reloads from the cache without writing it (at start, another user signed in, or signed out). The list is
     * empty until the cache has been read and checked; anything that changed the list meanwhile (the server's
     * list, a push) is newer than the cache, which is then dropped.
     */
    reload() {
      epoch++;
      changedAt.clear();
      version++;
      list = [];
      listeners.forEach((l) => l());
      const asked = version;
      void readNotificationCache().then((cached) => {
        if (version !== asked || cached.length === 0) return;
        list = cached;
        listeners.forEach((l) => l());
      });
    },
  };
}

export type NotificationStore = ReturnType<typeof createNotificationStore>;

export const notificationStore: NotificationStore = createNotificationStore();
notificationStore.reload();

// The cache belongs to one user: follow sign-in and sign-out.
let lastUserId = session.getUser()?.id ?? null;
session.subscribe(() => {
  const id = session.getUser()?.id ?? null;
  if (id === lastUserId) return;
  lastUserId = id;
  notificationStore.reload();
});
