import { type SessionUser } from '@airlink/domain';
import { api } from '../../../lib/api-client';
import { ownSessionUser, tokenUserId } from '../../../lib/session-user';

/**
 * Asks the server about a token the sign-in callback received, before it is stored:
 * GET /api/usuarios with that token. Returns the server's record of the token's user (its `sub`),
 * or null when the server refuses the token, cannot be reached or does not list that user.
 * Nothing else happens on failure: no toast, and a stored session is not touched.
 */
export async function verifySignIn(token: string, signal?: AbortSignal): Promise<SessionUser | null> {
  const id = tokenUserId(token);
  if (id === null) return null;
  try {
    const users = await api.get<unknown>('/api/usuarios', {
      headers: { Authorization: `Bearer ${token}` },
      allow401: true,
      silent: true,
      signal,
    });
    return ownSessionUser(users, id);
  } catch (e) {
    if ((e as Error).name !== 'AbortError') console.error('The server did not accept the signed-in token', e);
    return null;
  }
}
