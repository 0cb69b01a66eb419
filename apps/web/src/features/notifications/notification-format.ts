import { formatDateTime, type Notification } from '@airlink/domain';

const rtf = new Intl.RelativeTimeFormat('es-MX', { numeric: 'auto' });

/** 'hace un momento', 'hace 5 minutos', 'hace 3 horas', 'ayer', then the date and time (es-MX). */
export function relativeTime(iso: string, now: Date = new Date()): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return 'Fecha inválida';
  const seconds = Math.round((now.getTime() - d.getTime()) / 1000);
  if (seconds < 45) return 'hace un momento';
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return rtf.format(-minutes, 'minute');
  const hours = Math.round(minutes / 60);
  if (hours < 24) return rtf.format(-hours, 'hour');
  const days = Math.round(hours / 24);
  if (days < 7) return rtf.format(-days, 'day');
  return formatDateTime(d);
}

export const PROFILE_PATH = '/dashboard/profile';

/**
 * Where clicking a notification goes: its url (internal paths only), else the customer panel
 * of its customer, else nowhere. The customer panel always gets the customer's id, so the
 * notification selects that customer (spec 000 section 4).
 */
export function notificationTarget(n: Pick<Notification, 'url' | 'customerId'>): string | null {
  const internal = n.url && n.url.startsWith('/') && !n.url.startsWith('//') ? n.url : null;
  if (!internal) return n.customerId !== null ? `${PROFILE_PATH}?id=${n.customerId}` : null;
  if (n.customerId === null) return internal;
  const url = new URL(internal, 'http://airlink.local');
  if (url.pathname.toLowerCase() === PROFILE_PATH && !url.searchParams.has('id')) {
    url.searchParams.set('id', String(n.customerId));
  }
  return url.pathname + url.search + url.hash;
}
