import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from './session';
import { checkSession } from './session-check';
import { fakeToken, mockFetch } from './testing/fetch-mock';
import { makeServerUser, makeUser, signIn } from './testing/fixtures';
import { cancelRefreshRetry } from './token-refresh';

const unauthorized = { status: 401, body: { error: 'unauthorized', message: 'Sesión no válida' } };

describe('start-up session check', () => {
  beforeEach(() => {
    localStorage.clear();
    signIn(10, 'old-token');
  });
  afterEach(() => {
    cancelRefreshRetry();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

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

  it('a refresh answered 429 or 503 keeps the session', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    for (const status of [429, 503]) {
      mockFetch({
        'GET /api/usuarios': unauthorized,
        'POST /api/login/refresh-token': { status, body: { error: 'busy', message: 'Intenta más tarde' } },
      });
      await expect(checkSession()).resolves.toBe('unknown');
      expect(session.getToken()).toBe('old-token');
      cancelRefreshRetry();
    }
  });
});

describe('the stored user follows the server', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it("stores the server's record of the token's user when it changed (a new level reaches the UI)", async () => {
    signIn(10, fakeToken(3600, '10'));
    const promoted = makeServerUser(10, { nombre: 'Ana', apellidos: 'Pérez ', idPerfilUsuario: 20 });
    mockFetch({ 'GET /api/usuarios': { body: [promoted] } });
    await expect(checkSession()).resolves.toBe('valid');
    expect(session.getUser()).toEqual({
      id: 10,
      name: 'Ana Pérez',
      email: 'nivel10@airlink.test',
      picture: null,
      idPerfilUsuario: 20,
    });
  });

  it("an administrator gets everyone: the entry with the token's sub is the own one", async () => {
    signIn(20, fakeToken(3600, '20'));
    const everyone = [makeServerUser(5), makeServerUser(20, { idPerfilUsuario: 19 }), makeServerUser(16)];
    mockFetch({ 'GET /api/usuarios': { body: everyone } });
    await checkSession();
    expect(session.getUser()).toMatchObject({ id: 20, idPerfilUsuario: 19 });
  });

  it('the token decides who is signed in, not the stored user', async () => {
    // A stored user that does not match the token (e.g. planted by a crafted callback link).
    session.set(fakeToken(3600, '5'), makeUser(20));
    mockFetch({ 'GET /api/usuarios': { body: [makeServerUser(5)] } });
    await checkSession();
    expect(session.getUser()).toMatchObject({ id: 5, idPerfilUsuario: 5 });
  });

  it('an unchanged user is not written again, and an answer without the own entry changes nothing', async () => {
    const stored = signIn(10, fakeToken(3600, '10'));
    const listener = vi.fn();
    const off = session.subscribe(listener);
    mockFetch({ 'GET /api/usuarios': { body: [makeServerUser(10)] } });
    await checkSession();
    mockFetch({ 'GET /api/usuarios': { body: [makeServerUser(11)] } });
    await expect(checkSession()).resolves.toBe('valid');
    off();
    expect(listener).not.toHaveBeenCalled();
    expect(session.getUser()).toEqual(stored);
  });

  it('a different user stored since the request started is left alone', async () => {
    signIn(10, fakeToken(3600, '10'));
    mockFetch({
      'GET /api/usuarios': () => {
        session.set(fakeToken(3600, '11'), makeUser(11));
        return { body: [makeServerUser(10, { idPerfilUsuario: 20 })] };
      },
    });
    await checkSession();
    expect(session.getUser()).toEqual(makeUser(11));
  });
});
