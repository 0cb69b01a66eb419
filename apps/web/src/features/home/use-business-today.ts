import { businessDate } from '../../lib/business-time';
import { useEffect, useState } from 'react';

const CHECK_EVERY_MS = 60_000;

/** Today's business date; a dashboard left open past midnight moves to the new day by itself. */
export function useBusinessToday(): string {
  const [today, setToday] = useState(() => businessDate(new Date()));
  useEffect(() => {
    const timer = setInterval(() => setToday(businessDate(new Date())), CHECK_EVERY_MS);
    return () => clearInterval(timer);
  }, []);
  return today;
}
