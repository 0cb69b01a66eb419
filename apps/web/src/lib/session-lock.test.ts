import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLocalLocks, type SessionLocks } from './session-lock';

const tick = () => new Promise((r) => setTimeout(r, 0));

function deferred<T = void>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('the local reader/writer lock', () => {
  it('runs shared holders together and an exclusive one alone, in the order asked', async () => {
    const locks = createLocalLocks();
    const log: string[] = [];
    const hold = (label: string, mode: 'shared' | 'exclusive', until: Promise<void>) =>
      locks.request('x', { mode }, async () => {
        log.push(`+${label}`);
        await until;
        log.push(`-${label}`);
      });
    const a = deferred();
    const b = deferred();
    const w = deferred();
    const c = deferred();
    const done = [
      hold('a', 'shared', a.promise),
      hold('b', 'shared', b.promise),
      hold('w', 'exclusive', w.promise),
      hold('c', 'shared', c.promise),
    ];
    await tick();
    // Two readers at once; the writer waits for both; the reader asked after the writer waits for it.
    expect(log).toEqual(['+a', '+b']);
    a.resolve();
    await tick();
    expect(log).toEqual(['+a', '+b', '-a']);
    b.resolve();
    await tick();
    expect(log).toEqual(['+a', '+b', '-a', '-b', '+w']);
    w.resolve();
    await tick();
    expect(log).toEqual(['+a', '+b', '-a', '-b', '+w', '-w', '+c']);
    c.resolve();
    await Promise.all(done);
  });

  it('releases the lock when the holder fails, and passes the failure on', async () => {
    const locks = createLocalLocks();
    await expect(locks.request('x', { mode: 'exclusive' }, () => Promise.reject(new Error('falló')))).rejects.toThrow(
      'falló',
    );
    await expect(locks.request('x', { mode: 'exclusive' }, async () => 'libre')).resolves.toBe('libre');
  });
});

/**
 * Two browser tabs: two copies of the session, API client and refresh modules sharing localStorage
 * and the browser's lock manager (navigator.locks), against a server that rotates tokens and revokes
 * the session when a replaced token comes back.
 */
describe('refresh across tabs', () => {
  let locks: SessionLocks;
  const server = {
    current: 'tok-1',
    issued: 1,
    revoked: false,
    refreshes: 0,
    /** Requests to /api/usuarios wait for this when set (a slow answer). */
    gate: null as Promise<void> | null,
    seen: [] as string[],
  };

  const bearer = (init: RequestInit) =>
    String((init.headers as Record<string, string>).Authorization ?? '').replace('Bearer ', '');
  const accepts = (token: string) => {
    if (server.revoked) return false;
    if (token === server.current) return true;
    // A replaced token came back: the whole session ends (what the real server does).
    server.revoked = true;
    return false;
  };
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  const refused = () => json(401, { error: 'unauthorized', message: 'Sesión cerrada' });

  async function fakeServer(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
    const path = new URL(String(input), 'http://localhost').pathname;
    if (path === '/api/login/refresh-token') {
      server.refreshes += 1;
      const token = (JSON.parse(String(init.body)) as { Token: string }).Token;
      await tick();
      if (!accepts(token)) return refused();
      server.issued += 1;
      server.current = `tok-${server.issued}`;
      return json(200, { token: server.current });
    }
    const token = bearer(init);
    server.seen.push(token);
    // The server checks the token when the request arrives, before any slow work.
    const ok = accepts(token);
    if (server.gate) await server.gate;
    return ok ? json(200, [{ id: 10 }]) : refused();
  }

  async function openTab() {
    vi.resetModules();
    const refresh = await import('./token-refresh');
    const { api } = await import('./api-client');
    const { session } = await import('./session');
    return { refreshToken: refresh.refreshToken, cancelRefreshRetry: refresh.cancelRefreshRetry, api, session };
  }

  beforeEach(() => {
    Object.assign(server, { current: 'tok-1', issued: 1, revoked: false, refreshes: 0, gate: null, seen: [] });
    localStorage.clear();
    localStorage.setItem('token', 'tok-1');
    localStorage.setItem(
      'user',
      JSON.stringify({ id: 10, name: 'Ulises', email: 'u@airlink.test', picture: null, idPerfilUsuario: 10 }),
    );
    locks = createLocalLocks();
    Object.defineProperty(navigator, 'locks', { value: locks, configurable: true });
    vi.stubGlobal('fetch', vi.fn(fakeServer));
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    delete (navigator as { locks?: unknown }).locks;
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    vi.useRealTimers();
    vi.resetModules();
  });

  it('two tabs refreshing at the same moment send one refresh; both end with the new token and the session lives', async () => {
    const a = await openTab();
    const b = await openTab();
    const results = await Promise.all([a.refreshToken(), b.refreshToken()]);
    expect(results).toEqual(['ok', 'ok']);
    expect(server.refreshes).toBe(1);
    expect(server.revoked).toBe(false);
    expect(a.session.getToken()).toBe('tok-2');
    expect(b.session.getToken()).toBe('tok-2');
    await expect(b.api.get('/api/usuarios')).resolves.toEqual([{ id: 10 }]);
    expect(server.seen.at(-1)).toBe('tok-2');
  });

  it('a later refresh in the other tab sends the token the first one stored, not the one it started with', async () => {
    const a = await openTab();
    const b = await openTab();
    await a.refreshToken();
    await expect(b.refreshToken()).resolves.toBe('ok');
    expect(server.refreshes).toBe(2);
    expect(server.revoked).toBe(false);
    expect(b.session.getToken()).toBe('tok-3');
  });

  it('a refresh waits for the requests already on their way with the old token, in any tab', async () => {
    const a = await openTab();
    const b = await openTab();
    const slow = deferred();
    server.gate = slow.promise;
    const pending = a.api.get('/api/usuarios');
    await tick();
    const refreshed = b.refreshToken();
    await tick();
    await tick();
    // The old token is still on its way: no refresh yet.
    expect(server.refreshes).toBe(0);
    server.gate = null;
    slow.resolve();
    await expect(pending).resolves.toEqual([{ id: 10 }]);
    await expect(refreshed).resolves.toBe('ok');
    expect(server.refreshes).toBe(1);
    expect(server.revoked).toBe(false);
  });

  it('a request asked for during a refresh waits for it and carries the new token', async () => {
    const a = await openTab();
    const b = await openTab();
    const refreshed = a.refreshToken();
    const during = b.api.get('/api/usuarios');
    await expect(refreshed).resolves.toBe('ok');
    await expect(during).resolves.toEqual([{ id: 10 }]);
    expect(server.seen).toEqual(['tok-2']);
    expect(server.revoked).toBe(false);
  });

  it('a raw download (sessionFetch) asked for during a refresh waits for it and carries the new token', async () => {
    const a = await openTab();
    const { sessionFetch } = await import('./api-client');
    const refreshed = a.refreshToken();
    const file = sessionFetch('/api/finanzas/reporte.csv', { headers: { Accept: 'text/csv' } });
    await expect(refreshed).resolves.toBe('ok');
    expect((await file).status).toBe(200);
    expect(server.seen).toEqual(['tok-2']);
    expect(server.revoked).toBe(false);
  });

  it('a request that hangs holds a refresh back for 10 s at most', async () => {
    const a = await openTab();
    const { REQUEST_LOCK_MAX_MS } = await import('./api-client');
    vi.useFakeTimers();
    server.gate = new Promise(() => {});
    void a.api.get('/api/usuarios', { silent: true }).catch(() => {});
    await vi.advanceTimersByTimeAsync(0);
    const refreshed = a.refreshToken();
    await vi.advanceTimersByTimeAsync(REQUEST_LOCK_MAX_MS - 1);
    expect(server.refreshes).toBe(0);
    server.gate = null;
    await vi.advanceTimersByTimeAsync(10);
    await expect(refreshed).resolves.toBe('ok');
    expect(server.refreshes).toBe(1);
  });
});
