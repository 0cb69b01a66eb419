import { afterEach, describe, expect, it, vi } from 'vitest';
import { session } from './session';
import { mockFetch } from './testing/fetch-mock';
import { signIn } from './testing/fixtures';
import { cancelRefreshRetry, refreshToken } from './token-refresh';

// The answer schemas' chunk cannot be downloaded (offline since the page loaded).
vi.mock('./answer-schemas', () => {
  throw new TypeError('Failed to fetch dynamically imported module');
});

describe('token refresh without the answer schemas', () => {
  afterEach(() => {
    cancelRefreshRetry();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('does not ask for a new token it could not read: the old one stays and the refresh is tried later', async () => {
    localStorage.clear();
    signIn(10, 'tok-1');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { calls } = mockFetch({ 'POST /api/login/refresh-token': { body: { token: 'tok-2' } } });
    await expect(refreshToken()).resolves.toBe('error');
    expect(calls.filter((c) => c.path === '/api/login/refresh-token')).toHaveLength(0);
    expect(session.getToken()).toBe('tok-1');
  });
});
