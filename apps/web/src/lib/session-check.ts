import { api } from './api-client';
import { session } from './session';
import { refreshToken } from './token-refresh';

/** 'valid': go on; 'ended': the session was cleared; 'unknown': the server could not be reached, keep it. */
export type SessionCheckResult = 'valid' | 'ended' | 'unknown';

/**
 * The start-up session check (spec 000 section 4 "Session"): GET /api/usuarios answering a non-empty
 * array means the token is valid; otherwise try a token refresh; when the server refuses it, the
 * token and user are removed and the guard sends the browser to /login.
 */
export async function checkSession(): Promise<SessionCheckResult> {
  if (!session.getToken()) return 'ended';
  try {
    const users = await api.get<unknown>('/api/usuarios', { allow401: true, silent: true });
    if (Array.isArray(users) && users.length > 0) return 'valid';
  } catch {
    // Fall through to the refresh.
  }
  const refreshed = await refreshToken();
  if (refreshed === 'ok') return 'valid';
  if (refreshed === 'rejected') {
    session.end('/login');
    return 'ended';
  }
  return 'unknown';
}
