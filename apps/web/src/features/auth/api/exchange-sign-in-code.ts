import { signInResponseSchema, type SessionUser } from '@airlink/domain';
import { ApiError, api } from '../../../lib/api-client';

export type SignInExchange = { ok: true; token: string; user: SessionUser } | { ok: false; message: string | null };

/** One exchange per code, shared by whoever asks (React's development double effects included): a code serves once. */
const exchanges = new Map<string, Promise<SignInExchange>>();

/**
 * POST /api/auth/exchange with the one-time code /auth/callback received: the server answers the
 * session's token and its record of the user, once. On failure, the server's Spanish reason when it
 * gave one (an expired or used code), or null; nothing is toasted and a stored session is untouched.
 */
export function exchangeSignInCode(code: string): Promise<SignInExchange> {
  let pending = exchanges.get(code);
  if (!pending) {
    pending = send(code);
    exchanges.set(code, pending);
  }
  return pending;
}

async function send(code: string): Promise<SignInExchange> {
  try {
    const res = await api.post<unknown>('/api/auth/exchange', { code }, { allow401: true, silent: true });
    const parsed = signInResponseSchema.safeParse(res);
    if (parsed.success) return { ok: true, ...parsed.data };
    console.error('The sign-in exchange answered without a session', res);
    return { ok: false, message: null };
  } catch (e) {
    console.error('The server did not exchange the sign-in code', e);
    return { ok: false, message: e instanceof ApiError && e.status >= 400 && e.status < 500 ? e.message : null };
  }
}
