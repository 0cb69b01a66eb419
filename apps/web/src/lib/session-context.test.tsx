import { render, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from './session';
import { SessionProvider } from './session-context';
import { fakeToken, mockFetch } from './testing/fetch-mock';
import { makeUser } from './testing/fixtures';

describe('session provider', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('refreshes the token a few minutes before it expires', async () => {
    const fresh = fakeToken(8 * 3600, 'fresh');
    const { calls } = mockFetch({
      'GET /api/usuarios': { body: [makeUser(10)] },
      'POST /api/login/refresh-token': { body: { token: fresh } },
    });
    session.set(fakeToken(4 * 60), makeUser(10));
    render(<SessionProvider>{null}</SessionProvider>);
    await waitFor(() => expect(session.getToken()).toBe(fresh));
    expect(calls.filter((c) => c.path === '/api/login/refresh-token')).toHaveLength(1);
  });

  it('does not refresh a token far from its expiry', async () => {
    const { calls } = mockFetch({ 'GET /api/usuarios': { body: [makeUser(10)] } });
    const token = fakeToken(2 * 3600);
    session.set(token, makeUser(10));
    render(<SessionProvider>{null}</SessionProvider>);
    await waitFor(() => expect(calls).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 50));
    expect(calls.map((c) => c.path)).toEqual(['/api/usuarios']);
    expect(session.getToken()).toBe(token);
  });

  it('a refused proactive refresh ends the session', async () => {
    const unauthorized = { status: 401, body: { error: 'unauthorized', message: 'Sesión no válida' } };
    mockFetch({ 'GET /api/usuarios': { body: [makeUser(10)] }, 'POST /api/login/refresh-token': unauthorized });
    session.set(fakeToken(60), makeUser(10));
    render(<SessionProvider>{null}</SessionProvider>);
    await waitFor(() => expect(session.getToken()).toBeNull());
    expect(session.exitPath()).toBe('/login');
  });
});
