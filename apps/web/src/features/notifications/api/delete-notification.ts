import { api } from '../../../lib/api-client';

/** DELETE /api/notifications/{id} */
export function deleteNotificationRequest(id: string): Promise<void> {
  return api.delete(`/api/notifications/${encodeURIComponent(id)}`);
}
