import { NO_ACTIVE_CONNECTION_MESSAGE, NO_HUB_CONNECTION_MESSAGE } from '@airlink/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  connectHub,
  disconnectHub,
  getHubState,
  joinGroup,
  onHubEvent,
  reportPage,
  sendMessage,
  sendToGroup,
} from './realtime';
import { session } from './session';
import { lastSocket } from './testing/fake-socket';
import { fakeToken, mockFetch } from './testing/fetch-mock';
import { signIn } from './testing/fixtures';

vi.mock('socket.io-client', async () => (await import('./testing/fake-socket')).socketIoMock);
vi.mock('notistack', () => ({ enqueueSnackbar: vi.fn() }));

describe('push hub client', () => {
  beforeEach(() => {
    localStorage.clear();
    signIn(10, 'tok-1');
  });
  afterEach(() => {
    disconnectHub();
    vi.unstubAllGlobals();
  });

  it('connects to /notificationHub sending the current token on every handshake', () => {
    connectHub();
    const s = lastSocket();
    expect(s.opts.path).toBe('/notificationHub');
    expect(s.connect).toHaveBeenCalled();
    const auth = s.opts.auth as (cb: (data: unknown) => void) => void;
    const seen: unknown[] = [];
    auth((d) => seen.push(d));
    session.setToken('tok-2');
    auth((d) => seen.push(d));
    expect(seen).toEqual([
      { token: 'tok-1', computerName: expect.any(String) },
      { token: 'tok-2', computerName: expect.any(String) },
    ]);
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
});
