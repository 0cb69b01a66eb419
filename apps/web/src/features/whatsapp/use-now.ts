import { useEffect, useState } from 'react';

/** The current time, refreshed every `everyMs` (message times move from '14:05' to 'Ayer' by themselves). */
export function useNow(everyMs = 30_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const t = setInterval(() => setNow(new Date()), everyMs);
    return () => clearInterval(t);
  }, [everyMs]);
  return now;
}
