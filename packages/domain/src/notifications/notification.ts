import type { Notification } from './notification-schema';

// The schemas of a notification are in notification-schema.ts: the web's first screen uses the rules below and
// must not bring zod with them (docs/performance.md).

export const MAX_NOTIFICATIONS = 100;

/**
 * An app path: starts with '/', no scheme, no backslashes or spaces, no '//' anywhere and no '.' or '..'
 * segments (a URL parser turns '/.//host' into '//host', which leaves the app).
 */
export const INTERNAL_PATH = /^(?!.*\/\/)\/(?!(?:[^?#]*\/)?\.{1,2}(?:[/?#]|$))[^\s\\]*$/;

export function isInternalPath(url: string | null | undefined): url is string {
  return typeof url === 'string' && INTERNAL_PATH.test(url);
}

/** Unread badge text: nothing at 0, the number up to 9, '9+' above 9. */
export function badgeText(unread: number): string {
  if (!Number.isFinite(unread) || unread <= 0) return '';
  return unread > 9 ? '9+' : String(Math.floor(unread));
}

/**
 * Merge notifications into a store: one entry per id (the incoming copy wins), newest first,
 * at most MAX_NOTIFICATIONS.
 */
export function mergeNotifications(
  current: readonly Notification[],
  incoming: readonly Notification[],
): Notification[] {
  const byId = new Map<string, Notification>();
  for (const n of current) byId.set(n.id, n);
  for (const n of incoming) byId.set(n.id, n);
  return [...byId.values()]
    .sort((a, b) => (a.timestamp < b.timestamp ? 1 : a.timestamp > b.timestamp ? -1 : 0))
    .slice(0, MAX_NOTIFICATIONS);
}

export function unreadCount(list: readonly Notification[]): number {
  return list.reduce((n, x) => n + (x.read ? 0 : 1), 0);
}
