import type { ConnectedUser, Notification } from '@airlink/domain';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { connectHub, emitAck, nextEvent } from './hub-client';
import { createTestApp, type TestApp } from './test-app';

let t: TestApp;
let base: string;
let admin: string;
let support: string;
const open: Socket[] = [];
const connect = async (token: string | undefined, extra?: Record<string, unknown>) => {
  const s = await connectHub(base, token, extra);
  open.push(s);
  return s;
};

beforeAll(async () => {
  t = await createTestApp();
  base = await t.listen();
  admin = (await t.login('admin@test.mx')).token;
  support = (await t.login('soporte@test.mx')).token;
});
afterEach(() => {
  for (const s of open.splice(0)) s.close();
});
afterAll(() => t.close());

describe('push hub authentication', () => {
  it('refuses a socket without a token, with a bad token, or of a revoked session', async () => {
    await expect(connectHub(base, undefined)).rejects.toThrow('unauthorized');
    await expect(connectHub(base, 'basura')).rejects.toThrow('unauthorized');
    const { token } = await t.login('usuario@test.mx');
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: t.auth(token) });
    await expect(connectHub(base, token)).rejects.toThrow('unauthorized');
  });

  it('accepts a valid token', async () => {
    const s = await connect(support);
    expect(s.connected).toBe(true);
  });
});

describe('presence', () => {
  it('keeps page, action, ip and computer per connection and tells level-20 sockets', async () => {
    const watcher = await connect(admin);
    // gerente has not connected before in this file, so it is announced as connected, not reconnected.
    const gerente = (await t.login('gerente@test.mx')).token;
    const connected = nextEvent<ConnectedUser>(watcher, 'UserConnected', (p) => p.userName === 'gerente');
    const s = await connect(gerente, { computerName: 'Caja-1' });
    expect(await connected).toMatchObject({
      userName: 'gerente',
      fullName: 'Gema Gerente',
      computerName: 'Caja-1',
      ipAddress: '127.0.0.1',
      isActive: true,
    });

    const pageUpdate = nextEvent<ConnectedUser>(
      watcher,
      'UserActivityUpdate',
      (p) => p.currentPage === '/dashboard/clientes',
    );
    expect(await emitAck(s, 'UpdateUserPage', '/dashboard/clientes')).toEqual({ ok: true });
    expect(await pageUpdate).toMatchObject({ connectionId: s.id });

    await emitAck(s, 'UpdateUserActivity', 'Buscando cliente');
    const list = await t.app.inject({ method: 'GET', url: '/api/ConnectedUsers', headers: t.auth(admin) });
    const mine = (list.json() as ConnectedUser[]).find((c) => c.connectionId === s.id);
    expect(mine).toMatchObject({
      userName: 'gerente',
      currentPage: '/dashboard/clientes',
      currentAction: 'Buscando cliente',
      computerName: 'Caja-1',
      isActive: true,
    });
    expect(mine?.userAgent).toBeTypeOf('string');
    const stats = await t.app.inject({ method: 'GET', url: '/api/ConnectedUsers/stats', headers: t.auth(admin) });
    expect(stats.json()).toMatchObject({ totalConnected: 2, activeUsers: 2, inactiveUsers: 0 });

    const id = s.id; // the client forgets its id once closed
    const gone = nextEvent<ConnectedUser>(watcher, 'UserDisconnected', (p) => p.connectionId === id);
    s.close();
    expect(await gone).toMatchObject({ userName: 'gerente', isActive: false });

    const back = nextEvent<ConnectedUser>(watcher, 'UserReconnected', (p) => p.userName === 'gerente');
    await connect(gerente);
    await back;
  });

  it('does not send presence events to lower levels', async () => {
    const low = await connect(support);
    let got = false;
    low.on('UserConnected', () => (got = true));
    const watcher = await connect(admin);
    const seen = nextEvent(watcher, 'UserConnected', (p: ConnectedUser) => p.userName === 'usuario');
    await connect((await t.login('usuario@test.mx')).token);
    await seen;
    expect(got).toBe(false);
  });

  it('rejects invalid hub input without crashing', async () => {
    const s = await connect(support);
    expect(await emitAck(s, 'UpdateUserPage', '')).toMatchObject({ ok: false });
    expect(await emitAck(s, 'SendToGroup', 'no-miembro', 'hola')).toEqual({
      ok: false,
      error: 'No perteneces a ese grupo',
    });
    expect(s.connected).toBe(true);
  });

  it('an admin disconnects a connection by id', async () => {
    const s = await connect(support);
    const ended = nextEvent<{ reason: string }>(s, 'SessionEnded');
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/ConnectedUsers/disconnect/${s.id}`,
      headers: t.auth(admin),
    });
    expect(res.statusCode).toBe(200);
    expect((await ended).reason).toContain('administrador');
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/ConnectedUsers/disconnect/nadie',
      headers: t.auth(admin),
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('notifications through the hub', () => {
  it('notify() stores one per recipient and pushes ReceiveMessage to their sockets only', async () => {
    const a = await connect(admin);
    const s = await connect(support);
    let supportGot = false;
    s.on('ReceiveMessage', () => (supportGot = true));
    const received = nextEvent<Notification>(a, 'ReceiveMessage');
    const sent = await t.app.ctx.notifications.notify(
      { minLevel: 20 },
      {
        user: 'Nuevo cliente',
        message: 'Se registró a Juan Pérez',
        customerId: 7,
        customerName: 'Juan Pérez',
        url: '/dashboard/profile?id=7',
      },
    );
    expect(sent).toBe(1);
    const n = await received;
    expect(n).toMatchObject({ user: 'Nuevo cliente', customerId: 7, read: false, url: '/dashboard/profile?id=7' });
    const stored = await t.app.inject({ method: 'GET', url: '/api/notifications', headers: t.auth(admin) });
    expect((stored.json() as Notification[]).some((x) => x.id === n.id)).toBe(true);
    await new Promise((r) => setTimeout(r, 100));
    expect(supportGot).toBe(false);
  });

  it('SendMessage reaches every active user and is stored for each', async () => {
    const a = await connect(admin);
    const s = await connect(support);
    const got = nextEvent<Notification>(a, 'ReceiveMessage', (n) => n.message === 'Corte de luz en Tizayuca');
    expect(await emitAck(s, 'SendMessage', { message: 'Corte de luz en Tizayuca' })).toEqual({ ok: true });
    expect((await got).user).toBe('Sofía Soporte');
    const theirs = await t.app.inject({ method: 'GET', url: '/api/notifications', headers: t.auth(support) });
    expect((theirs.json() as Notification[]).some((n) => n.message === 'Corte de luz en Tizayuca')).toBe(true);
    expect(await emitAck(s, 'SendMessage', { message: '' })).toMatchObject({ ok: false });
  });

  it('groups: JoinGroup, then SendToGroup reaches members only', async () => {
    const a = await connect(admin);
    const s = await connect(support);
    const joined = nextEvent<{ group: string; userName: string }>(a, 'UserJoined', (p) => p.userName === 'soporte');
    expect(await emitAck(a, 'JoinGroup', 'tecnicos')).toEqual({ ok: true });
    expect(await emitAck(s, 'JoinGroup', 'tecnicos')).toEqual({ ok: true });
    expect((await joined).group).toBe('tecnicos');
    const outsider = await connect((await t.login('cajero@test.mx')).token);
    let outsiderGot = false;
    outsider.on('ReceiveGroupMessage', () => (outsiderGot = true));
    const msg = nextEvent<{ group: string; user: string; message: string }>(a, 'ReceiveGroupMessage');
    expect(await emitAck(s, 'SendToGroup', 'tecnicos', 'Salgo a Huitzila')).toEqual({ ok: true });
    expect(await msg).toMatchObject({ group: 'tecnicos', user: 'Sofía Soporte', message: 'Salgo a Huitzila' });
    await new Promise((r) => setTimeout(r, 100));
    expect(outsiderGot).toBe(false);
  });

  it('deactivating a user ends their push connections at once', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/usuarios',
      headers: t.auth(admin),
      payload: { email: 'eventual@test.mx', nombre: 'Eventual', idPerfilUsuario: 5 },
    });
    const { token } = await t.app
      .inject({ method: 'POST', url: '/api/auth/dev-login', payload: { email: 'eventual@test.mx' } })
      .then((r) => r.json());
    const s = await connect(token);
    const ended = nextEvent<{ reason: string }>(s, 'SessionEnded');
    const disconnected = new Promise<void>((r) => s.once('disconnect', () => r()));
    await t.app.inject({
      method: 'PUT',
      url: `/api/usuarios/${created.json().id}`,
      headers: t.auth(admin),
      payload: { activo: false },
    });
    expect((await ended).reason).toBe('Tu usuario fue desactivado por un administrador.');
    await disconnected;
  });
});

describe('client events are validated and rate-limited', () => {
  it('refuses wrong types, missing or extra arguments and oversize text, and the socket stays connected', async () => {
    const s = await connect(support);
    expect(await emitAck(s, 'UpdateUserPage', 42)).toEqual({ ok: false, error: 'Página inválida' });
    expect(await emitAck(s, 'UpdateUserPage', '/dashboard', 'de más')).toEqual({ ok: false, error: 'Página inválida' });
    expect(await emitAck(s, 'UpdateUserPage', `/${'x'.repeat(300)}`)).toEqual({ ok: false, error: 'Página inválida' });
    expect(await emitAck(s, 'UpdateUserActivity', { action: 'objeto' })).toEqual({
      ok: false,
      error: 'Actividad inválida',
    });
    expect(await emitAck(s, 'JoinGroup')).toEqual({ ok: false, error: 'Nombre de grupo inválido' });
    expect(await emitAck(s, 'SendToGroup', 'tecnicos')).toEqual({ ok: false, error: 'Indica el grupo y el mensaje' });
    expect(await emitAck(s, 'SendMessage', ['lista'])).toEqual({ ok: false, error: 'Mensaje inválido' });
    expect(await emitAck(s, 'SendMessage', 'x'.repeat(2001))).toEqual({ ok: false, error: 'Mensaje inválido' });
    // Unknown events are dropped without an answer.
    await expect(s.timeout(300).emitWithAck('DropDatabase', 'ya')).rejects.toThrow();
    expect(s.connected).toBe(true);
    expect(await emitAck(s, 'UpdateUserPage', '  /dashboard/soporte  ')).toEqual({ ok: true });
    const list = await t.app.inject({ method: 'GET', url: '/api/ConnectedUsers', headers: t.auth(admin) });
    expect((list.json() as ConnectedUser[]).find((c) => c.connectionId === s.id)?.currentPage).toBe(
      '/dashboard/soporte',
    );
  });

  it('a packet above 16 KB closes that connection, not the server', async () => {
    const s = await connect(support);
    const closed = new Promise<string>((resolve) => s.once('disconnect', resolve));
    s.emit('SendMessage', { message: 'x'.repeat(20_000) });
    expect(await closed).toBe('transport close');
    const again = await connect(support);
    expect(await emitAck(again, 'UpdateUserPage', '/dashboard')).toEqual({ ok: true });
  });

  it('activity is taken at most once a second per socket; admins see only what was taken', async () => {
    const watcher = await connect(admin);
    const s = await connect((await t.login('usuario@test.mx')).token);
    const seen: string[] = [];
    watcher.on('UserActivityUpdate', (p: ConnectedUser) => {
      if (p.connectionId === s.id) seen.push(p.currentAction);
    });
    expect(await emitAck(s, 'UpdateUserActivity', 'Uno')).toEqual({ ok: true });
    expect(await emitAck(s, 'UpdateUserActivity', 'Dos')).toEqual({
      ok: false,
      error: 'La actividad se registra como máximo una vez por segundo.',
    });
    // Another socket has its own allowance.
    const other = await connect((await t.login('usuario@test.mx')).token);
    expect(await emitAck(other, 'UpdateUserActivity', 'Otra pestaña')).toEqual({ ok: true });
    await new Promise((r) => setTimeout(r, 1_050));
    expect(await emitAck(s, 'UpdateUserActivity', 'Tres')).toEqual({ ok: true });
    await new Promise((r) => setTimeout(r, 100));
    expect(seen).toEqual(['Uno', 'Tres']);
  });

  it('a flood is cut to the socket’s budget; the connection survives and recovers', async () => {
    const s = await connect(support);
    const acks = await Promise.all(
      Array.from({ length: 80 }, (_, i) => emitAck(s, 'UpdateUserPage', `/dashboard/p${i}`)),
    );
    const accepted = acks.filter((a) => a.ok).length;
    expect(accepted).toBeGreaterThanOrEqual(30);
    expect(accepted).toBeLessThan(45);
    expect(acks.find((a) => !a.ok)).toEqual({
      ok: false,
      error: 'Demasiados eventos en poco tiempo; espera un momento.',
    });
    expect(s.connected).toBe(true);
    await new Promise((r) => setTimeout(r, 500));
    expect(await emitAck(s, 'UpdateUserPage', '/dashboard/clientes')).toEqual({ ok: true });
  });
});
