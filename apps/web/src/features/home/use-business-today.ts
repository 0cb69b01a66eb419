import { useEffect, useState } from 'react';
import { businessToday } from './home-dates';

const CHECK_EVERY_MS = 60_000;

/** Today's business date; a dashboard left open past midnight moves to the new day by itself. */
export function useBusinessToday(): string {
  const [today, setToday] = useState(() => businessToday());
  useEffect(() => {
    const timer = setInterval(() => setToday(businessToday()), CHECK_EVERY_MS);
    return () => clearInterval(timer);
  }, []);
  return today;
}
