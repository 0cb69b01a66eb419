import { notificationSchema, type Notification } from '@airlink/domain';
import { z } from 'zod';
import { api } from '../../../lib/api-client';

const listSchema = z.array(notificationSchema);

/** GET /api/notifications: the signed-in user's notifications, newest first. */
export async function getNotifications(signal?: AbortSignal): Promise<Notification[]> {
  const data = await api.get<unknown>('/api/notifications', { signal, silent: true });
  const parsed = listSchema.safeParse(data);
  if (!parsed.success) {
    console.error('Unexpected notifications answer', parsed.error);
    return [];
  }
  return parsed.data;
}
