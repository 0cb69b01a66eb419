import { canSeePage } from '@airlink/domain';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { usePrefetchWhenIdle } from '../lib/idle-lazy';
import { AREAS, type WebArea } from './areas';

/** The likely next pages a level can open (areas with `prefetch`), in the sidebar's order. */
export function likelyPages(level: number, areas: readonly WebArea[] = AREAS): WebArea[] {
  return areas.filter((a) => a.prefetch && canSeePage(level, a.page));
}

/**
 * Fetches each page's code and first data, one page after another so the page on the screen keeps the network
 * first. A failure is left alone: the page fetches again when it is opened (and shows its own error then). Once
 * `signal` is aborted (the shell unmounted: a sign-out), no further page is asked for.
 */
export async function prefetchPages(
  areas: readonly WebArea[],
  client: QueryClient,
  signal?: AbortSignal,
): Promise<void> {
  for (const area of areas) {
    if (signal?.aborted) return;
    try {
      await Promise.all([area.prefetch?.code(), area.prefetch?.data?.(client, signal)]);
    } catch {
      // Offline or a failed download: opening the page tries again.
    }
  }
}

/**
 * When the browser is idle after the shell's first render, the likely next pages of this level are fetched ahead
 * (docs/performance.md "The web between pages"): a click on one then draws it from memory instead of waiting for
 * its chunks and its first request.
 */
export function usePrefetchLikelyPages(level: number) {
  const client = useQueryClient();
  const prefetch = useCallback(
    (signal: AbortSignal) => void prefetchPages(likelyPages(level), client, signal),
    [level, client],
  );
  usePrefetchWhenIdle(prefetch);
}
