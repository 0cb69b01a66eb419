import { lazy, useEffect, type ComponentType } from 'react';

/**
 * A component kept out of the first screen (docs/performance.md "First screen of the web"): `Component` is a
 * React.lazy of `load`, and `prefetch` fetches its chunk ahead of the first use (once; a failed fetch is tried
 * again by the next call). Pair it with usePrefetchWhenIdle so that a menu or dialog opens at once, offline too.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy's own constraint
export function idleLazy<T extends ComponentType<any>>(load: () => Promise<{ default: T }>) {
  let loading: Promise<{ default: T }> | null = null;
  const once = () =>
    (loading ??= load().catch((err: unknown) => {
      loading = null;
      throw err;
    }));
  return { Component: lazy(once), prefetch: () => void once().catch(() => undefined) };
}

/** Runs `prefetch` once the browser is idle after the first render (at the latest after 5 s). */
export function usePrefetchWhenIdle(prefetch: () => void) {
  useEffect(() => {
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(prefetch, { timeout: 5_000 });
      return () => window.cancelIdleCallback(id);
    }
    const timer = window.setTimeout(prefetch, 2_000);
    return () => window.clearTimeout(timer);
  }, [prefetch]);
}
