import { loadOnce } from './load-once';
import { enqueueSnackbar } from './toast';
import { useCallback, useEffect, useState, type ComponentType } from 'react';

/** The component with MUI's theme around it (the shell is plain CSS; what idleLazy loads is drawn with MUI). */
async function withMuiScope<P extends object>(load: () => Promise<ComponentType<P>>): Promise<ComponentType<P>> {
  const [Inner, { default: MuiScope }] = await Promise.all([load(), import('../components/ui/mui-scope')]);
  return function Scoped(props: P) {
    return (
      <MuiScope>
        <Inner {...props} />
      </MuiScope>
    );
  };
}

/** Shown when a part of the page could not be fetched (offline before it was prefetched). */
export const LAZY_LOAD_FAILED_MESSAGE = 'No se pudo abrir: revisa tu conexión e intenta de nuevo.';

/**
 * A component kept out of the first screen (docs/performance.md "First screen of the web"): its chunk is fetched by
 * `prefetch` (pair it with usePrefetchWhenIdle, so that a menu or dialog opens at once, offline too) or when it is
 * first rendered, with MUI's theme around it (components/ui/mui-scope.tsx). Until then it renders nothing; unlike React.lazy, a failed fetch never reaches the route's error
 * page: it shows a message and the next render tries again.
 */
export function idleLazy<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | null = null;
  const once = loadOnce(() => withMuiScope(load).then((c) => (loaded = c)));
  function Component(props: P) {
    const [Loaded, setLoaded] = useState<ComponentType<P> | null>(() => loaded);
    useEffect(() => {
      if (Loaded) return;
      let live = true;
      once().then(
        (c) => live && setLoaded(() => c),
        () => live && enqueueSnackbar(LAZY_LOAD_FAILED_MESSAGE, { variant: 'error', preventDuplicate: true }),
      );
      return () => {
        live = false;
      };
    });
    return Loaded ? <Loaded {...props} /> : null;
  }
  return { Component, prefetch: () => void once().catch(() => undefined) };
}

/**
 * Runs `prefetch` once the browser is idle after the first render (at the latest after 5 s). The signal is aborted
 * when the component unmounts (a sign-out): a prefetch of several steps stops there instead of asking on.
 */
export function usePrefetchWhenIdle(prefetch: (signal: AbortSignal) => void) {
  useEffect(() => {
    const controller = new AbortController();
    const run = () => prefetch(controller.signal);
    const { requestIdleCallback: request, cancelIdleCallback: cancel } = window;
    if (typeof request === 'function' && typeof cancel === 'function') {
      const id = request(run, { timeout: 5_000 });
      return () => {
        cancel(id);
        controller.abort();
      };
    }
    const timer = window.setTimeout(run, 2_000);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [prefetch]);
}

/**
 * False until the browser is idle after the first render (at the latest after 5 s), then true: what a page keeps
 * loaded but does not draw first (a refresh for a dialog) waits for it, so the page's own content comes first.
 */
export function useIdleReached(): boolean {
  const [idle, setIdle] = useState(false);
  usePrefetchWhenIdle(useCallback(() => setIdle(true), []));
  return idle;
}

/**
 * True from the first render where `open` is true on: a lazy menu, dialog or list is mounted from its first opening
 * (and stays mounted, so it can animate closed), not before.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
