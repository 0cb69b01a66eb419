import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from './session';
import { fakeToken, mockFetch } from './testing/fetch-mock';
import { signIn } from './testing/fixtures';
import { REFRESH_RETRY_DELAYS_MS, cancelRefreshRetry, refreshToken } from './token-refresh';

const REFRESH = 'POST /api/login/refresh-token';
const failure = (status: number) => ({ status, body: { error: 'x', message: 'Algo falló' } });
const refreshCalls = (calls: Array<{ path: string }>) => calls.filter((c) => c.path === '/api/login/refresh-token');

describe('token refresh', () => {
  beforeEach(() => {
    localStorage.clear();
    signIn(10, 'tok-1');
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    cancelRefreshRetry();
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it.each([400, 401])('a %i means rejected', async (status) => {
    mockFetch({ [REFRESH]: failure(status) });
    await expect(refreshToken()).resolves.toBe('rejected');
  });

  it.each([429, 500, 503, 403])('a %i means try later: the session is kept', async (status) => {
    mockFetch({ [REFRESH]: failure(status) });
    await expect(refreshToken()).resolves.toBe('error');
    expect(session.getToken()).toBe('tok-1');
    expect(session.exitPath()).toBeNull();
  });

  it('a network failure means try later', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(refreshToken()).resolves.toBe('error');
    expect(session.getToken()).toBe('tok-1');
  });

  it('after a 429 it tries again 30 s later and stores the new token', async () => {
    vi.useFakeTimers();
    const fresh = fakeToken(8 * 3600, '10');
    let busy = true;
    const { calls } = mockFetch({ [REFRESH]: () => (busy ? failure(429) : { body: { token: fresh } }) });
    await expect(refreshToken()).resolves.toBe('error');
    busy = false;
    await vi.advanceTimersByTimeAsync(REFRESH_RETRY_DELAYS_MS[0]! - 1);
    expect(refreshCalls(calls)).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(refreshCalls(calls)).toHaveLength(2);
    expect(session.getToken()).toBe(fresh);
  });

  it('gives up after a few retries, still signed in', async () => {
    vi.useFakeTimers();
    const { calls } = mockFetch({ [REFRESH]: failure(503) });
    await refreshToken();
    await vi.advanceTimersByTimeAsync(REFRESH_RETRY_DELAYS_MS.reduce((a, b) => a + b, 0) * 2);
    expect(refreshCalls(calls)).toHaveLength(1 + REFRESH_RETRY_DELAYS_MS.length);
    expect(session.getToken()).toBe('tok-1');
    expect(session.exitPath()).toBeNull();
  });

  it('a retry the server rejects ends the session', async () => {
    vi.useFakeTimers();
    let status = 502;
    mockFetch({ [REFRESH]: () => failure(status) });
    await refreshToken();
    status = 401;
    await vi.advanceTimersByTimeAsync(REFRESH_RETRY_DELAYS_MS[0]!);
    expect(session.getToken()).toBeNull();
    expect(session.exitPath()).toBe('/login');
  });

  it('signing out drops a pending retry', async () => {
    vi.useFakeTimers();
    const { calls } = mockFetch({ [REFRESH]: failure(503) });
    await refreshToken();
    session.end('/logedout');
    await vi.advanceTimersByTimeAsync(REFRESH_RETRY_DELAYS_MS[0]!);
    expect(refreshCalls(calls)).toHaveLength(1);
  });
});
