import { useCallback, useEffect, useState } from 'react';
import { portalCall } from './portal-api';

export type Loaded<T> = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; data: T };

/** GET a portal address once (and again on `reload`): its state for the screen. */
export function usePortalData<T>(path: string): { state: Loaded<T>; reload: () => void } {
  const [round, setRound] = useState(0);
  const key = `${path}#${round}`;
  // What the last finished request answered, and for which address and round: another one is still loading.
  const [done, setDone] = useState<{ key: string; state: Loaded<T> } | null>(null);
  useEffect(() => {
    const abort = new AbortController();
    portalCall<T>(path, { signal: abort.signal }).then(
      (data) => setDone({ key, state: { status: 'ready', data } }),
      (e: Error) => {
        if (e.name !== 'AbortError') setDone({ key, state: { status: 'error', message: e.message } });
      },
    );
    return () => abort.abort();
  }, [path, key]);
  const reload = useCallback(() => setRound((n) => n + 1), []);
  return { state: done?.key === key ? done.state : { status: 'loading' }, reload };
}
