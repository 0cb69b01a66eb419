import { answerSchemas } from './answer-checks';
import { ApiError, api } from './api-client';
import { session } from './session';
import { withSessionLock } from './session-lock';

/**
 * 'ok': a new token is stored. 'rejected': the server refused the refresh (400 or 401: the
 * session is over). 'error': the server could not answer now (network failure, 429, 5xx or any
 * other status); the session is kept and the refresh is tried again later.
 */
export type RefreshResult = 'ok' | 'rejected' | 'error';

/** After a refresh that could not reach the server, it is tried again after these waits, then no more. */
export const REFRESH_RETRY_DELAYS_MS: readonly number[] = [30_000, 60_000, 120_000];

let inflight: Promise<RefreshResult> | null = null;
let retryTimer: ReturnType<typeof setTimeout> | null = null;

/** Only these statuses mean the server refused the token; anything else may work later. */
const isRejection = (e: unknown) => e instanceof ApiError && (e.status === 400 || e.status === 401);

/**
 * Refreshes the stored token holding the session lock exclusively: no request of any tab is on its
 * way with the token being replaced, and none starts until the new one is stored (the server revokes
 * a session whose replaced token comes back). `seen` is the token this tab meant to refresh: when
 * the stored one differs once the lock is held, another tab refreshed meanwhile and this one is done.
 */
function doRefresh(seen: string): Promise<RefreshResult> {
  return withSessionLock('exclusive', async (): Promise<RefreshResult> => {
    const token = session.getToken();
    if (!token) return 'rejected';
    if (token !== seen) return 'ok';
    try {
      // The schema first: once the server answered, the old token no longer works, so the answer must be readable.
      const { refreshTokenResponseSchema } = await answerSchemas();
      const res = await api.post<unknown>(
        '/api/login/refresh-token',
        { Token: token },
        { allow401: true, silent: true, skipSessionLock: true },
      );
      const parsed = refreshTokenResponseSchema.safeParse(res);
      if (!parsed.success) {
        console.error('Token refresh answered without a token', res);
        return 'error';
      }
      // Only store it when the session it belongs to is still the current one.
      if (session.getToken() === token) session.setToken(parsed.data.token);
      return 'ok';
    } catch (e) {
      if (isRejection(e)) return 'rejected';
      console.error('Token refresh failed; it will be tried again later', e);
      return 'error';
    }
  });
}

function cancelRetry() {
  if (retryTimer) clearTimeout(retryTimer);
  retryTimer = null;
}

/**
 * After an 'error', tries again in the background with a growing wait, at most
 * REFRESH_RETRY_DELAYS_MS.length times. A retry that gets 'rejected' ends the session; one that
 * gets 'ok' stores the new token (which the session provider and the hub follow). A new token or
 * the end of the session makes a pending retry pointless, so it is skipped.
 */
function scheduleRetry(token: string, attempt: number) {
  if (retryTimer || attempt >= REFRESH_RETRY_DELAYS_MS.length) return;
  retryTimer = setTimeout(() => {
    retryTimer = null;
    if (session.getToken() !== token) return;
    void attemptRefresh(attempt + 1).then((result) => {
      if (result === 'rejected' && session.getToken() === token) session.end('/login');
    });
  }, REFRESH_RETRY_DELAYS_MS[attempt]);
}

function attemptRefresh(attempt: number): Promise<RefreshResult> {
  const token = session.getToken();
  if (!token) return Promise.resolve('rejected');
  inflight ??= doRefresh(token)
    .then((result) => {
      if (result === 'error') scheduleRetry(token, attempt);
      else cancelRetry();
      return result;
    })
    .finally(() => {
      inflight = null;
    });
  return inflight;
}

/**
 * POST /api/login/refresh-token with the stored token; concurrent callers in this tab share one
 * request, and tabs take turns (a tab that finds the token already refreshed by another sends
 * nothing). An 'error' answer also schedules background retries (see scheduleRetry).
 */
export function refreshToken(): Promise<RefreshResult> {
  return attemptRefresh(0);
}

/** Forgets a pending background retry (tests, and a session that ended). */
export function cancelRefreshRetry(): void {
  cancelRetry();
}

// A pending retry belongs to the session it was scheduled for.
session.subscribe(() => {
  if (!session.getToken()) cancelRetry();
});
