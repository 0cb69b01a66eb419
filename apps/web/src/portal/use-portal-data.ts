import { useCallback, useEffect, useState } from 'react';
import { portalCall } from './portal-api';

export type Loaded<T> =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; data: T };

/** GET a portal address once (and again on `reload`): its state for the screen. */
export function usePortalData<T>(path: string): { state: Loaded<T>; reload: () => void } {
  const [state, setState] = useState<Loaded<T>>({ status: 'loading' });
  const [round, setRound] = useState(0);
  useEffect(() => {
    const abort = new AbortController();
    setState({ status: 'loading' });
    portalCall<T>(path, { signal: abort.signal }).then(
      (data) => setState({ status: 'ready', data }),
      (e: Error) => {
        if (e.name !== 'AbortError') setState({ status: 'error', message: e.message });
      },
    );
    return () => abort.abort();
  }, [path, round]);
  const reload = useCallback(() => setRound((n) => n + 1), []);
  return { state, reload };
}
