import { act } from '@testing-library/react';
import { vi } from 'vitest';

/**
 * Replaces the browser's idle callback with one the test runs (jsdom has none, so the app would fall back to a
 * timer): what waits for idle happens exactly when the test calls `runIdle`, never by the clock.
 */
export function stubIdle(): { runIdle: () => void } {
  const waiting = new Map<number, IdleRequestCallback>();
  let next = 0;
  vi.stubGlobal('requestIdleCallback', (run: IdleRequestCallback) => {
    waiting.set(++next, run);
    return next;
  });
  vi.stubGlobal('cancelIdleCallback', (id: number) => waiting.delete(id));
  const deadline: IdleDeadline = { didTimeout: false, timeRemaining: () => 50 };
  return {
    runIdle: () =>
      act(() => {
        const runs = [...waiting.values()];
        waiting.clear();
        runs.forEach((run) => run(deadline));
      }),
  };
}
