import { z } from '../zod';
import { MAX_INT } from '../http/ids';
import { lineText, multilineText } from '../http/input';

export const MAX_NOTIFICATIONS = 100;

/** A notification as stored per recipient and pushed with ReceiveMessage (spec 000 section 3). */
export const notificationSchema = z.object({
  id: z.string(),
  user: z.string().describe('Title shown in bold (the sender or the subject)'),
  message: z.string(),
  timestamp: z.string().describe('ISO date-time when it was created'),
  read: z.boolean(),
  readAt: z.string().nullable(),
  receivedAt: z.string().nullable(),
  url: z.string().nullable(),
  customerId: z.number().int().nullable(),
  customerName: z.string().nullable(),
  color: z.string().nullable(),
  icon: z.string().nullable(),
  bgColor: z.string().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

/**
 * An app path: starts with '/', no scheme, no backslashes or spaces, no '//' anywhere and no '.' or '..'
 * segments (a URL parser turns '/.//host' into '//host', which leaves the app).
 */
export const INTERNAL_PATH = /^(?!.*\/\/)\/(?!(?:[^?#]*\/)?\.{1,2}(?:[/?#]|$))[^\s\\]*$/;

export function isInternalPath(url: string | null | undefined): url is string {
  return typeof url === 'string' && INTERNAL_PATH.test(url);
}

const text = (max: number, multiline = false) =>
  (multiline ? multilineText() : lineText()).min(1, 'Escribe un texto').max(max, `Máximo ${max} caracteres`);

/** What a sender provides; the server fills id, timestamps and read state. */
export const notificationInputSchema = z.object({
  user: text(120),
  message: text(1000, true),
  url: lineText().max(300).regex(INTERNAL_PATH, 'La liga debe ser una ruta interna que empiece con /').nullish(),
  customerId: z.number().int().positive().max(MAX_INT, 'Id inválido').nullish(),
  customerName: lineText().max(200).nullish(),
  color: lineText().max(30).nullish(),
  icon: lineText().max(40).nullish(),
  bgColor: lineText().max(30).nullish(),
});
export type NotificationInput = z.infer<typeof notificationInputSchema>;

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
