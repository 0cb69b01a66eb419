import { api } from '../../../lib/api-client';

/** POST /api/notifications/{id}/read */
export function markNotificationReadRequest(id: string): Promise<unknown> {
  return api.post<unknown>(`/api/notifications/${encodeURIComponent(id)}/read`);
}
