import { NO_ACTIVE_CONNECTION_MESSAGE, NO_HUB_CONNECTION_MESSAGE } from '@airlink/domain';
import { enqueueSnackbar } from './toast';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  HubError,
  SERVER_DISCONNECT_RETRY_MS,
  SESSION_OVER_MESSAGE,
  connectHub,
  disconnectHub,
  getHubState,
  joinGroup,
  loadHubClient,
  onHubEvent,
  reportPage,
  sendMessage,
  sendToGroup,
} from './realtime';
import { session } from './session';
import { lastSocket } from './testing/fake-socket';
import { fakeToken, mockFetch } from './testing/fetch-mock';
import { makeUser, signIn } from './testing/fixtures';
import { REFRESH_RETRY_DELAYS_MS, cancelRefreshRetry, refreshToken } from './token-refresh';

vi.mock('socket.io-client', async () => (await import('./testing/fake-socket')).socketIoMock);
vi.mock('./toast', () => ({ enqueueSnackbar: vi.fn() }));

describe('push hub client', () => {
  // The first connection fetches socket.io's chunk (realtime-load.test.ts); from then on connectHub() is synchronous.
  beforeAll(() => loadHubClient());
  beforeEach(() => {
    localStorage.clear();
    signIn(10, 'tok-1');
  });
  afterEach(() => {
    disconnectHub();
    cancelRefreshRetry();
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    vi.mocked(enqueueSnackbar).mockClear();
  });

  it('connects to /notificationHub sending the current token on every handshake', async () => {
    connectHub();
    const s = lastSocket();
    expect(s.opts.path).toBe('/notificationHub');
    expect(s.connect).toHaveBeenCalled();
    const auth = s.opts.auth as (cb: (data: unknown) => void) => void;
    const seen: unknown[] = [];
    auth((d) => seen.push(d));
    await vi.waitFor(() => expect(seen).toHaveLength(1));
    s.fire('connect');
    session.setToken('tok-2');
    auth((d) => seen.push(d));
    await vi.waitFor(() => expect(seen).toHaveLength(2));
    expect(seen).toEqual([
      { token: 'tok-1', computerName: expect.any(String) },
      { token: 'tok-2', computerName: expect.any(String) },
    ]);
  });

  it('a handshake asked for during a token refresh waits for it and sends the new token', async () => {
    const fresh = fakeToken(8 * 3600, '10');
    mockFetch({ 'POST /api/login/refresh-token': { body: { token: fresh } } });
    connectHub();
    const s = lastSocket();
    const refreshed = refreshToken();
    const seen: unknown[] = [];
    (s.opts.auth as (cb: (data: unknown) => void) => void)((d) => seen.push(d));
    await expect(refreshed).resolves.toBe('ok');
    await vi.waitFor(() => expect(seen).toEqual([{ token: fresh, computerName: expect.any(String) }]));
  });

  it('a token refresh waits until the server answered a handshake that carries the old token', async () => {
    const { of } = mockFetch({ 'POST /api/login/refresh-token': { body: { token: fakeToken(8 * 3600, '10') } } });
    connectHub();
    const s = lastSocket();
    const seen: unknown[] = [];
    (s.opts.auth as (cb: (data: unknown) => void) => void)((d) => seen.push(d));
    await vi.waitFor(() => expect(seen).toEqual([{ token: 'tok-1', computerName: expect.any(String) }]));
    const refreshed = refreshToken();
    await new Promise((r) => setTimeout(r, 20));
    expect(of('POST /api/login/refresh-token')).toHaveLength(0);
    s.fire('connect');
    await expect(refreshed).resolves.toBe('ok');
    expect(of('POST /api/login/refresh-token')).toHaveLength(1);
  });

  it('tracks the connection state and re-reports the page after connecting', () => {
    connectHub();
    const s = lastSocket();
    reportPage('/dashboard/clientes');
    expect(getHubState()).toBe('disconnected');
    s.fire('connect');
    expect(getHubState()).toBe('connected');
    expect(s.emitted).toContainEqual({ event: 'UpdateUserPage', args: ['/dashboard/clientes'] });
    s.fire('disconnect');
    expect(getHubState()).toBe('disconnected');
  });

  it('without a socket the helpers throw No hay conexión activa', async () => {
    await expect(sendMessage({ message: 'x' })).rejects.toThrow(NO_ACTIVE_CONNECTION_MESSAGE);
  });

  it('disconnected, the helpers reject with the no-hub message', async () => {
    connectHub();
    await expect(joinGroup('soporte')).rejects.toThrow(NO_HUB_CONNECTION_MESSAGE);
    await expect(sendToGroup('soporte', 'hola')).rejects.toThrow(NO_HUB_CONNECTION_MESSAGE);
  });

  it('connected, the helpers emit and surface a refused ack', async () => {
    connectHub();
    const s = lastSocket();
    s.fire('connect');
    await sendToGroup('soporte', 'hola');
    expect(s.emitted).toContainEqual({ event: 'SendToGroup', args: ['soporte', 'hola'] });
    s.ackReply = { ok: false, error: 'Grupo inválido' };
    await expect(joinGroup('')).rejects.toThrow('Grupo inválido');
  });

  it('delivers server events to listeners', () => {
    const seen: unknown[] = [];
    const off = onHubEvent('ReceiveGroupMessage', (p) => seen.push(p));
    connectHub();
    lastSocket().fire('ReceiveGroupMessage', { group: 'g', message: 'hola' });
    off();
    lastSocket().fire('ReceiveGroupMessage', { group: 'g', message: 'otra' });
    expect(seen).toEqual([{ group: 'g', message: 'hola' }]);
  });

  it('SessionEnded clears the session and sends to /logedout with the reason', () => {
    connectHub();
    lastSocket().fire('SessionEnded', { reason: 'Usuario desactivado' });
    expect(session.getToken()).toBeNull();
    expect(session.exitPath()).toBe('/logedout?error=Usuario%20desactivado');
  });

  it("an 'unauthorized' handshake refreshes the token once and reconnects", async () => {
    const { calls } = mockFetch({ 'POST /api/login/refresh-token': { body: { token: fakeToken() } } });
    connectHub();
    const s = lastSocket();
    s.connect.mockClear();
    s.fire('connect_error', new Error('unauthorized'));
    await vi.waitFor(() => expect(s.connect).toHaveBeenCalledTimes(1));
    s.fire('connect_error', new Error('unauthorized'));
    await new Promise((r) => setTimeout(r, 10));
    expect(calls.filter((c) => c.path === '/api/login/refresh-token')).toHaveLength(1);
  });

  it('signing out closes the connection', () => {
    connectHub();
    const s = lastSocket();
    session.clear();
    expect(s.disconnect).toHaveBeenCalled();
  });

  it("after the server closed the connection ('io server disconnect') it reconnects with the stored token", async () => {
    connectHub();
    const s = lastSocket();
    s.fire('connect');
    s.connect.mockClear();
    session.setToken('tok-2');
    s.fire('disconnect', 'io server disconnect');
    expect(getHubState()).toBe('disconnected');
    expect(s.connect).toHaveBeenCalledTimes(1);
    const seen: unknown[] = [];
    (s.opts.auth as (cb: (data: unknown) => void) => void)((d) => seen.push(d));
    await vi.waitFor(() => expect(seen).toEqual([{ token: 'tok-2', computerName: expect.any(String) }]));
  });

  it('other disconnect reasons are left to socket.io, which reconnects by itself', () => {
    connectHub();
    const s = lastSocket();
    s.fire('connect');
    s.connect.mockClear();
    s.fire('disconnect', 'transport close');
    expect(s.connect).not.toHaveBeenCalled();
  });

  it('a second server close in a short time waits before reconnecting', async () => {
    vi.useFakeTimers();
    connectHub();
    const s = lastSocket();
    s.fire('connect');
    s.connect.mockClear();
    s.fire('disconnect', 'io server disconnect');
    s.fire('connect');
    s.fire('disconnect', 'io server disconnect');
    expect(s.connect).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(SERVER_DISCONNECT_RETRY_MS);
    expect(s.connect).toHaveBeenCalledTimes(2);
  });

  it('no reconnection after a SessionEnded', () => {
    connectHub();
    const s = lastSocket();
    s.fire('connect');
    s.connect.mockClear();
    s.fire('SessionEnded', { reason: 'Tu sesión terminó. Inicia sesión de nuevo.' });
    s.fire('disconnect', 'io server disconnect');
    expect(s.connect).not.toHaveBeenCalled();
    expect(session.exitPath()).toBe(
      '/logedout?error=Tu%20sesi%C3%B3n%20termin%C3%B3.%20Inicia%20sesi%C3%B3n%20de%20nuevo.',
    );
  });

  it('an event refused because the session ended shows the server message as a toast, once', async () => {
    connectHub();
    const s = lastSocket();
    s.fire('connect');
    s.ackReply = { ok: false, error: SESSION_OVER_MESSAGE };
    const err: unknown = await sendMessage({ message: 'hola' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HubError);
    expect(err).toMatchObject({ message: SESSION_OVER_MESSAGE, shown: true });
    expect(enqueueSnackbar).toHaveBeenCalledWith(SESSION_OVER_MESSAGE, { variant: 'error' });
    s.ackReply = { ok: false, error: 'Grupo inválido' };
    await expect(joinGroup('x')).rejects.toMatchObject({ message: 'Grupo inválido', shown: false });
    expect(enqueueSnackbar).toHaveBeenCalledTimes(1);
  });

  it("an 'unauthorized' handshake whose refresh answers 503 keeps the session and reconnects once a retry gets a token", async () => {
    vi.useFakeTimers();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const fresh = fakeToken(8 * 3600, '10');
    let down = true;
    mockFetch({
      'POST /api/login/refresh-token': () =>
        down ? { status: 503, body: { error: 'unavailable', message: 'No disponible' } } : { body: { token: fresh } },
    });
    connectHub();
    const s = lastSocket();
    s.connect.mockClear();
    s.fire('connect_error', new Error('unauthorized'));
    await vi.advanceTimersByTimeAsync(0);
    expect(session.getToken()).toBe('tok-1');
    expect(s.connect).not.toHaveBeenCalled();
    down = false;
    await vi.advanceTimersByTimeAsync(REFRESH_RETRY_DELAYS_MS[0]!);
    expect(session.getToken()).toBe(fresh);
    expect(s.connect).toHaveBeenCalledTimes(1);
  });

  it("an 'unauthorized' handshake whose refresh is refused ends the session", async () => {
    mockFetch({ 'POST /api/login/refresh-token': { status: 401, body: { error: 'unauthorized', message: 'No' } } });
    connectHub();
    lastSocket().fire('connect_error', new Error('unauthorized'));
    await vi.waitFor(() => expect(session.getToken()).toBeNull());
    expect(session.exitPath()).toBe('/login');
  });

  it('another user signing in (e.g. in another tab) gets a new connection', () => {
    connectHub();
    const first = lastSocket();
    first.fire('connect');
    session.set(fakeToken(8 * 3600, '11'), makeUser(11));
    expect(first.disconnect).toHaveBeenCalled();
    const second = lastSocket();
    expect(second).not.toBe(first);
    expect(second.connect).toHaveBeenCalled();
  });
});
