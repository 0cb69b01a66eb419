import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_REUSED_MESSAGE } from '../src/modules/auth/auth.service';
import { connectHub, emitAck, nextEvent } from './hub-client';
import { createTestApp, type TestApp } from './test-app';

/** Sessions end at once, and so do their push connections: sign-out, deactivation, a replaced token coming back. */
let t: TestApp;
let base: string;
let admin: string;
const open: Socket[] = [];
const connect = async (token: string) => {
  const s = await connectHub(base, token);
  open.push(s);
  return s;
};
const usuarios = (token: string) => t.app.inject({ method: 'GET', url: '/api/usuarios', headers: t.auth(token) });
const refresh = async (token: string) => {
  const res = await t.app.inject({ method: 'POST', url: '/api/login/refresh-token', payload: { token } });
  return { status: res.statusCode, token: res.json().token as string };
};
const closed = (s: Socket) => new Promise<void>((r) => s.once('disconnect', () => r()));
/** True when nothing arrives within `ms` (for sockets that must stay untouched). */
const quietFor = (s: Socket, event: string, ms = 300) =>
  new Promise<boolean>((resolve) => {
    const onEvent = () => resolve(false);
    s.once(event, onEvent);
    setTimeout(() => {
      s.off(event, onEvent);
      resolve(s.connected);
    }, ms);
  });

beforeAll(async () => {
  // Every hub event re-checks the session (no caching), so a test sees what the next event would.
  t = await createTestApp({ hubOptions: { recheckMs: 0 } });
  base = await t.listen();
  admin = (await t.login('admin@test.mx')).token;
});
afterEach(() => {
  for (const s of open.splice(0)) s.close();
});
afterAll(() => t.close());

describe('a replaced token coming back ends the session and its push connections', () => {
  it('on any route: 401, the newest token stops too, the session sockets get SessionEnded; another session stays', async () => {
    const { token } = await t.login('cajero@test.mx');
    const other = (await t.login('cajero@test.mx')).token;
    const fresh = (await refresh(token)).token;
    const s = await connect(fresh);
    const bystander = await connect(other);
    const ended = nextEvent<{ reason: string }>(s, 'SessionEnded');
    const gone = closed(s);

    expect((await usuarios(token)).statusCode).toBe(401);
    expect((await ended).reason).toBe(TOKEN_REUSED_MESSAGE);
    await gone;
    expect((await usuarios(fresh)).statusCode).toBe(401);
    expect(await quietFor(bystander, 'SessionEnded')).toBe(true);
    expect((await usuarios(other)).statusCode).toBe(200);
  });

  it('on refresh: the same', async () => {
    const { token } = await t.login('supervisor@test.mx');
    const fresh = (await refresh(token)).token;
    const s = await connect(fresh);
    const ended = nextEvent<{ reason: string }>(s, 'SessionEnded');
    expect((await refresh(token)).status).toBe(401);
    expect((await ended).reason).toBe(TOKEN_REUSED_MESSAGE);
    expect((await usuarios(fresh)).statusCode).toBe(401);
  });

  it('at the hub handshake: refused, and the session is revoked', async () => {
    const { token } = await t.login('gerente@test.mx');
    const fresh = (await refresh(token)).token;
    const s = await connect(fresh);
    const ended = nextEvent<{ reason: string }>(s, 'SessionEnded');
    await expect(connectHub(base, token)).rejects.toThrow('unauthorized');
    expect((await ended).reason).toBe(TOKEN_REUSED_MESSAGE);
    expect((await usuarios(fresh)).statusCode).toBe(401);
  });

  it('a socket that connected before a refresh keeps working, and does not revoke its own session', async () => {
    const { token } = await t.login('usuario@test.mx');
    const s = await connect(token);
    const fresh = (await refresh(token)).token;
    // Each event re-checks the session; the socket still holds the token it connected with.
    expect(await emitAck(s, 'UpdateUserPage', '/dashboard/home')).toEqual({ ok: true });
    expect(await emitAck(s, 'UpdateUserActivity', 'Trabajando')).toEqual({ ok: true });
    expect((await usuarios(fresh)).statusCode).toBe(200);
    expect(s.connected).toBe(true);
  });
});

describe('sign-out and deactivation revoke at once', () => {
  it('sign-out: that token is a 401 on the next request and its sockets end; the user’s other session stays', async () => {
    const { token } = await t.login('soporte@test.mx');
    const other = (await t.login('soporte@test.mx')).token;
    const s = await connect(token);
    const bystander = await connect(other);
    const ended = nextEvent<{ reason: string }>(s, 'SessionEnded');
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: t.auth(token) });
    expect(out.statusCode).toBe(204);
    expect((await usuarios(token)).statusCode).toBe(401);
    expect((await refresh(token)).status).toBe(401);
    expect((await ended).reason).toBe('Cerraste tu sesión.');
    expect(await quietFor(bystander, 'SessionEnded')).toBe(true);
    expect((await usuarios(other)).statusCode).toBe(200);
  });

  it('deactivation: every session of the user is a 401 at once and all their sockets end', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/usuarios',
      headers: t.auth(admin),
      payload: { email: 'dos.equipos@test.mx', nombre: 'Dos Equipos', idPerfilUsuario: 10 },
    });
    expect(created.statusCode).toBe(201);
    const tokens = [(await t.login('dos.equipos@test.mx')).token, (await t.login('dos.equipos@test.mx')).token];
    const sockets = await Promise.all(tokens.map(connect));
    const ended = sockets.map((s) => nextEvent<{ reason: string }>(s, 'SessionEnded'));
    const gone = sockets.map(closed);
    const off = await t.app.inject({
      method: 'PUT',
      url: `/api/usuarios/${created.json().id}`,
      headers: t.auth(admin),
      payload: { activo: false },
    });
    expect(off.statusCode).toBe(200);
    for (const token of tokens) {
      expect((await usuarios(token)).statusCode).toBe(401);
      expect((await refresh(token)).status).toBe(401);
    }
    for (const e of ended) expect((await e).reason).toBe('Tu usuario fue desactivado por un administrador.');
    await Promise.all(gone);
    // Reactivating does not bring the revoked sessions back.
    await t.app.inject({
      method: 'PUT',
      url: `/api/usuarios/${created.json().id}`,
      headers: t.auth(admin),
      payload: { activo: true },
    });
    for (const token of tokens) expect((await usuarios(token)).statusCode).toBe(401);
  });
});
