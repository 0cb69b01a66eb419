import { refreshTokenResponseSchema } from '@airlink/domain';
import { ApiError, api } from './api-client';
import { session } from './session';

/**
 * 'ok': a new token is stored. 'rejected': the server refused the refresh (the session is over).
 * 'error': the server could not be asked (network or server failure); the session is kept.
 */
export type RefreshResult = 'ok' | 'rejected' | 'error';

let inflight: Promise<RefreshResult> | null = null;

async function doRefresh(): Promise<RefreshResult> {
  const token = session.getToken();
  if (!token) return 'rejected';
  try {
    const res = await api.post<unknown>('/api/login/refresh-token', { Token: token }, { allow401: true, silent: true });
    const parsed = refreshTokenResponseSchema.safeParse(res);
    if (!parsed.success) {
      console.error('Token refresh answered without a token', res);
      return 'error';
    }
    // Only store it when the session it belongs to is still the current one.
    if (session.getToken() === token) session.setToken(parsed.data.token);
    return 'ok';
  } catch (e) {
    if (e instanceof ApiError && e.status >= 400 && e.status < 500) return 'rejected';
    console.error('Token refresh failed', e);
    return 'error';
  }
}

/** POST /api/login/refresh-token with the stored token; concurrent callers share one request. */
export function refreshToken(): Promise<RefreshResult> {
  inflight ??= doRefresh().finally(() => {
    inflight = null;
  });
  return inflight;
}
