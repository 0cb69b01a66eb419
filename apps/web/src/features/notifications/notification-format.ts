import { isInternalPath, type Notification } from '@airlink/domain';
import { formatDateTime } from '../../lib/business-time';

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

const customerPanel = (customerId: number | null) => (customerId !== null ? `${PROFILE_PATH}?id=${customerId}` : null);

const APP_ORIGIN = 'http://airlink.local';

/**
 * The app path a notification url opens, or null. The url is checked as given and again after
 * the URL parser resolved it: dot segments can turn an accepted '/.//host' into '//host'.
 */
function internalTarget(raw: string | null, customerId: number | null): string | null {
  if (!isInternalPath(raw)) return null;
  try {
    const url = new URL(raw, APP_ORIGIN);
    if (url.origin !== APP_ORIGIN) return null;
    if (customerId !== null && url.pathname.toLowerCase() === PROFILE_PATH && !url.searchParams.has('id')) {
      url.searchParams.set('id', String(customerId));
    }
    const target = url.pathname + url.search + url.hash;
    return isInternalPath(target) ? target : null;
  } catch {
    return null;
  }
}

/**
 * Where clicking a notification goes: its url when it is an internal app path (isInternalPath),
 * else the customer panel of its customer, else nowhere (null: it is only marked read). The
 * customer panel always gets the customer's id, so the notification selects that customer
 * (docs/business-rules.md "Screens").
 */
export function notificationTarget(n: Pick<Notification, 'url' | 'customerId'>): string | null {
  return internalTarget(n.url, n.customerId) ?? customerPanel(n.customerId);
}
