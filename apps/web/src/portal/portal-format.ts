import { businessDate } from '../lib/business-time';

const MONEY = new Intl.NumberFormat('es-MX', { style: 'currency', currency: 'MXN' });
const MONTHS = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
];

/** '$1,234.50' */
export const money = (pesos: number): string => MONEY.format(pesos);

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * '15 de diciembre de 2026': a calendar date ('YYYY-MM-DD') as it is, an instant by its date in the business time
 * zone; '—' when there is none.
 */
export function longDate(value: string | null | undefined): string {
  if (!value) return '—';
  const day = CALENDAR_DATE.test(value) ? value : businessDate(value);
  const m = CALENDAR_DATE.exec(day);
  if (!m) return value;
  return `${Number(m[3])} de ${MONTHS[Number(m[2]) - 1]} de ${m[1]}`;
}

/** '1 mes', '3 meses' */
export const monthsText = (n: number): string => `${n} ${n === 1 ? 'mes' : 'meses'}`;
