import { api } from './api-client';
import { session } from './session';
import { ownSessionUser, sameSessionUser, tokenUserId } from './session-user';
import { refreshToken } from './token-refresh';

/** 'valid': go on; 'ended': the session was cleared; 'unknown': the server could not be reached, keep it. */
export type SessionCheckResult = 'valid' | 'ended' | 'unknown';

/**
 * Stores the server's record of the signed-in user when it differs from the stored one, so a
 * name or level change made by an administrator reaches the open UI (sidebar, guards). The
 * token's `sub` says which entry is the user's own; nothing is stored when the session changed
 * to another user while the request ran, or when the answer does not contain that user.
 */
async function followServerUser(token: string, users: unknown) {
  const id = tokenUserId(token);
  if (id === null || tokenUserId(session.getToken()) !== id) return;
  const own = await ownSessionUser(users, id).catch(() => null);
  if (!own || tokenUserId(session.getToken()) !== id) return;
  const stored = session.getUser();
  if (!stored || !sameSessionUser(stored, own)) session.setUser(own);
}

/**
 * The session check (docs/business-rules.md "Screens"): GET /api/usuarios answering a non-empty
 * array means the token is valid, and the stored user is brought in line with the server's
 * record; otherwise try a token refresh; when the server refuses it, the token and user are
 * removed and the guard sends the browser to /login.
 */
export async function checkSession(): Promise<SessionCheckResult> {
  const token = session.getToken();
  if (!token) return 'ended';
  try {
    const users = await api.get<unknown>('/api/usuarios', { allow401: true, silent: true });
    if (Array.isArray(users) && users.length > 0) {
      await followServerUser(token, users);
      return 'valid';
    }
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
