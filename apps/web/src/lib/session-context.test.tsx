import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from './session';
import { SESSION_RECHECK_MS, SessionProvider, useSession } from './session-context';
import { fakeToken, mockFetch } from './testing/fetch-mock';
import { makeServerUser, makeUser } from './testing/fixtures';
import { cancelRefreshRetry } from './token-refresh';

function Level() {
  const { level } = useSession();
  return <p>Nivel actual {level}</p>;
}

function setVisibility(state: DocumentVisibilityState) {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}

describe('session provider', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    cancelRefreshRetry();
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    setVisibility('visible');
  });

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

  it('a proactive refresh answered 429 keeps the session', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const busy = { status: 429, body: { error: 'too_many_requests', message: 'Demasiadas solicitudes' } };
    const { calls } = mockFetch({
      'GET /api/usuarios': { body: [makeUser(10)] },
      'POST /api/login/refresh-token': busy,
    });
    const token = fakeToken(60, '10');
    session.set(token, makeUser(10));
    render(<SessionProvider>{null}</SessionProvider>);
    await waitFor(() => expect(calls.map((c) => c.path)).toContain('/api/login/refresh-token'));
    await new Promise((r) => setTimeout(r, 50));
    expect(session.getToken()).toBe(token);
    expect(session.exitPath()).toBeNull();
  });

  it('checks the session again every 5 minutes: a level change made by an admin reaches the open UI', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    let level = 10;
    const { calls } = mockFetch({
      'GET /api/usuarios': () => ({ body: [makeServerUser(10, { idPerfilUsuario: level })] }),
    });
    session.set(fakeToken(4 * 3600, '10'), makeUser(10));
    render(
      <SessionProvider>
        <Level />
      </SessionProvider>,
    );
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(screen.getByText('Nivel actual 10')).toBeInTheDocument();
    level = 20;
    await act(() => vi.advanceTimersByTimeAsync(SESSION_RECHECK_MS));
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    expect(await screen.findByText('Nivel actual 20')).toBeInTheDocument();
  });

  it('a hidden tab skips the check and runs it when shown again', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const { calls } = mockFetch({ 'GET /api/usuarios': { body: [makeServerUser(10)] } });
    session.set(fakeToken(4 * 3600, '10'), makeUser(10));
    render(<SessionProvider>{null}</SessionProvider>);
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    setVisibility('hidden');
    await act(() => vi.advanceTimersByTimeAsync(3 * SESSION_RECHECK_MS));
    expect(calls).toHaveLength(1);
    act(() => setVisibility('visible'));
    await vi.waitFor(() => expect(calls).toHaveLength(2));
  });

  it('a periodic check that finds the session revoked ends it', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const unauthorized = { status: 401, body: { error: 'unauthorized', message: 'Sesión no válida' } };
    let revoked = false;
    mockFetch({
      'GET /api/usuarios': () => (revoked ? unauthorized : { body: [makeServerUser(10)] }),
      'POST /api/login/refresh-token': unauthorized,
    });
    session.set(fakeToken(4 * 3600, '10'), makeUser(10));
    render(<SessionProvider>{null}</SessionProvider>);
    revoked = true;
    await act(() => vi.advanceTimersByTimeAsync(SESSION_RECHECK_MS));
    await vi.waitFor(() => expect(session.getToken()).toBeNull());
    expect(session.exitPath()).toBe('/login');
  });
});
