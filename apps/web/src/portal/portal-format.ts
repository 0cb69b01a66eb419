import { formatMoney } from '@airlink/domain';
import { businessDate } from '../lib/business-time';

/** '$1,234.50' */
export const money = (pesos: number): string => formatMoney(pesos);

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
// A calendar date is drawn at UTC midnight in UTC: the day it names, whatever the browser's zone.
const LONG_DAY = new Intl.DateTimeFormat('es-MX', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/**
 * '15 de diciembre de 2026': a calendar date ('YYYY-MM-DD') as it is, an instant by its date in the business time
 * zone; '—' when there is none.
 */
export function longDate(value: string | null | undefined): string {
  if (!value) return '—';
  const m = CALENDAR_DATE.exec(CALENDAR_DATE.test(value) ? value : businessDate(value));
  if (!m) return value;
  return LONG_DAY.format(new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))));
}

/** '1 mes', '3 meses' */
export const monthsText = (n: number): string => `${n} ${n === 1 ? 'mes' : 'meses'}`;
