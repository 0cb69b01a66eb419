import { useEffect, useState } from 'react';

/**
 * The current time, renewed every `intervalMs`, so that time-based labels and colours follow the clock
 * (the agenda's past slots, WhatsApp's '14:05' turning into 'Ayer', connected users' activity colours).
 */
export function useNow(intervalMs: number): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
