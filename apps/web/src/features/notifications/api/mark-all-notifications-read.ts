import { api } from '../../../lib/api-client';

/** POST /api/notifications/read-all → { updated } */
export function markAllNotificationsReadRequest(): Promise<unknown> {
  return api.post<unknown>('/api/notifications/read-all');
}
