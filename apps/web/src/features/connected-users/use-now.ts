import { useEffect, useState } from 'react';

/** The activity colours are recomputed this often. */
export const NOW_TICK_MS = 30_000;

/** The current time, renewed every `intervalMs` so time-based colours and labels follow the clock. */
export function useNow(intervalMs = NOW_TICK_MS): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
