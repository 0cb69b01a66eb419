import { type Notification } from '@airlink/domain';
import { ApiError } from '../../lib/api-client';
import { clearNotificationsRequest } from './api/clear-notifications';
import { deleteNotificationRequest } from './api/delete-notification';
import { getNotifications } from './api/get-notifications';
import { markAllNotificationsReadRequest } from './api/mark-all-notifications-read';
import { markNotificationReadRequest } from './api/mark-notification-read';
import { notificationStore } from './notification-store';

/**
 * Replaces the local list with the server's (at start and after a reconnection): rows deleted
 * on another device or trimmed by the server go away here too. What changed locally while the
 * request ran (a ReceiveMessage from the hub, a read or a delete) is kept. A failed request
 * leaves the list as it is.
 */
export async function syncNotifications(signal?: AbortSignal): Promise<void> {
  const ticket = notificationStore.beginSync();
  let rows: Notification[] | null = null;
  try {
    rows = await getNotifications(signal);
  } catch (e) {
    if ((e as Error).name !== 'AbortError') console.error('Could not load notifications', e);
  } finally {
    notificationStore.finishSync(ticket, rows);
  }
}

/** A 404 means the server no longer has it: the local change stands. */
const gone = (e: unknown) => e instanceof ApiError && e.status === 404;

/** Every action changes the store at once and then tells the server; a failure undoes it. */
export async function markNotificationRead(id: string): Promise<void> {
  const before = notificationStore.get(id);
  if (!before || before.read) return;
  notificationStore.setRead(id, true);
  try {
    await markNotificationReadRequest(id);
  } catch (e) {
    if (!gone(e)) notificationStore.setRead(id, false);
  }
}

export async function markAllNotificationsRead(): Promise<void> {
  const before = notificationStore.getSnapshot();
  const unread = before.filter((n) => !n.read).map((n) => n.id);
  if (unread.length === 0) return;
  notificationStore.markAllRead();
  try {
    await markAllNotificationsReadRequest();
  } catch {
    unread.forEach((id) => notificationStore.setRead(id, false));
  }
}

export async function deleteNotification(id: string): Promise<void> {
  const before = notificationStore.get(id);
  if (!before) return;
  notificationStore.remove(id);
  try {
    await deleteNotificationRequest(id);
  } catch (e) {
    if (!gone(e)) notificationStore.add(before);
  }
}

export async function clearNotifications(): Promise<void> {
  const before = notificationStore.getSnapshot();
  if (before.length === 0) return;
  notificationStore.clear();
  try {
    await clearNotificationsRequest();
  } catch {
    notificationStore.merge(before);
  }
}
