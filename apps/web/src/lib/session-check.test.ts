import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from './session';
import { checkSession } from './session-check';
import { mockFetch } from './testing/fetch-mock';
import { makeUser, signIn } from './testing/fixtures';

const unauthorized = { status: 401, body: { error: 'unauthorized', message: 'Sesión no válida' } };

describe('start-up session check', () => {
  beforeEach(() => {
    localStorage.clear();
    signIn(10, 'old-token');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('a non-empty users answer means valid', async () => {
    const { calls } = mockFetch({ 'GET /api/usuarios': { body: [makeUser(10)] } });
    await expect(checkSession()).resolves.toBe('valid');
    expect(calls.map((c) => c.path)).toEqual(['/api/usuarios']);
  });

  it('an invalid token is refreshed and the new token stored', async () => {
    const { calls } = mockFetch({
      'GET /api/usuarios': unauthorized,
      'POST /api/login/refresh-token': { body: { token: 'new-token' } },
    });
    await expect(checkSession()).resolves.toBe('valid');
    expect(calls[1]?.body).toEqual({ Token: 'old-token' });
    expect(session.getToken()).toBe('new-token');
    expect(session.getUser()?.id).toBe(10);
  });

  it('an empty users answer also triggers the refresh', async () => {
    const { calls } = mockFetch({
      'GET /api/usuarios': { body: [] },
      'POST /api/login/refresh-token': { body: { token: 'new-token' } },
    });
    await expect(checkSession()).resolves.toBe('valid');
    expect(calls.map((c) => c.path)).toContain('/api/login/refresh-token');
  });

  it('a refused refresh clears the session and sends to /login', async () => {
    mockFetch({ 'GET /api/usuarios': unauthorized, 'POST /api/login/refresh-token': unauthorized });
    await expect(checkSession()).resolves.toBe('ended');
    expect(session.getToken()).toBeNull();
    expect(session.getUser()).toBeNull();
    expect(session.exitPath()).toBe('/login');
  });

  it('an unreachable server keeps the session', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(checkSession()).resolves.toBe('unknown');
    expect(session.getToken()).toBe('old-token');
  });
});
