import { businessDate } from '@airlink/domain';

/** The business date today (America/Mexico_City), as the server counts it. */
export const businessToday = (now = new Date()) => businessDate(now);
