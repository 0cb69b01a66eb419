/**
 * The browser's tabs share one session token, and the server accepts only the newest token of a
 * session: a token a refresh replaced coming back revokes the whole session (theft detection). So a
 * refresh must never overlap a request that carries the token it replaces, in this tab or another.
 *
 * One lock, 'airlink-session', coordinates that through the Web Locks API (shared by every tab of
 * the origin): API requests hold it shared while they are on their way, a refresh holds it
 * exclusive. Requests read the stored token only once they hold the lock, and a refresh re-reads it
 * once it holds the lock (another tab may have refreshed meanwhile). Where navigator.locks is
 * missing, the same rules hold inside the tab only.
 */
export type SessionLockMode = 'shared' | 'exclusive';

/** The part of the Web Locks API's LockManager this module uses. */
export interface SessionLocks {
  request<T>(name: string, options: { mode: SessionLockMode }, callback: () => Promise<T>): Promise<T>;
}

export const SESSION_LOCK_NAME = 'airlink-session';

interface Waiter {
  mode: SessionLockMode;
  grant: () => void;
}

/**
 * A fair reader/writer lock with the Web Locks `request` shape, for one page: shared holders run
 * together, an exclusive one alone, and requests are granted in order (a shared request waits behind
 * an earlier exclusive one). The fallback where navigator.locks is missing, and the tests' stand-in
 * for the browser's lock manager.
 */
export function createLocalLocks(): SessionLocks {
  const held = new Map<string, { mode: SessionLockMode; count: number }>();
  const queues = new Map<string, Waiter[]>();

  const pump = (name: string) => {
    const queue = queues.get(name) ?? [];
    while (queue.length > 0) {
      const next = queue[0]!;
      const current = held.get(name);
      if (current && (current.mode === 'exclusive' || next.mode === 'exclusive')) break;
      queue.shift();
      if (current) current.count += 1;
      else held.set(name, { mode: next.mode, count: 1 });
      next.grant();
    }
  };

  const release = (name: string) => {
    const current = held.get(name);
    if (!current) return;
    current.count -= 1;
    if (current.count === 0) held.delete(name);
    pump(name);
  };

  return {
    request<T>(name: string, { mode }: { mode: SessionLockMode }, callback: () => Promise<T>): Promise<T> {
      return new Promise<void>((grant) => {
        const queue = queues.get(name) ?? [];
        queues.set(name, queue);
        queue.push({ mode, grant });
        pump(name);
      }).then(() =>
        Promise.resolve()
          .then(callback)
          .finally(() => release(name)),
      );
    },
  };
}

let fallback: SessionLocks | null = null;

function lockManager(): SessionLocks {
  const locks = typeof navigator !== 'undefined' ? (navigator as { locks?: SessionLocks }).locks : undefined;
  if (locks && typeof locks.request === 'function') return locks;
  return (fallback ??= createLocalLocks());
}

/** Runs `fn` holding the session lock in `mode`; the lock is released when its promise settles. */
export function withSessionLock<T>(mode: SessionLockMode, fn: () => Promise<T>): Promise<T> {
  return lockManager().request(SESSION_LOCK_NAME, { mode }, fn);
}
