import type { Notification } from '@airlink/domain';
import { answerSchemas } from '../../../lib/answer-checks';
import { api } from '../../../lib/api-client';

/**
 * GET /api/notifications: the signed-in user's notifications, newest first. An answer that is
 * not a notification list throws: the caller replaces the local list with this one, so it must
 * never stand in for an empty list.
 */
export async function getNotifications(signal?: AbortSignal): Promise<Notification[]> {
  const data = await api.get<unknown>('/api/notifications', { signal, silent: true });
  const { notificationListSchema } = await answerSchemas();
  const parsed = notificationListSchema.safeParse(data);
  if (!parsed.success) throw new Error('Unexpected notifications answer', { cause: parsed.error });
  return parsed.data;
}
