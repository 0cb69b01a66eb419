import { api } from '../../../lib/api-client';

/** DELETE /api/notifications (every notification of the signed-in user) */
export function clearNotificationsRequest(): Promise<void> {
  return api.delete('/api/notifications');
}
