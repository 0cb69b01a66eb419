import type { ConnectedUser, Notification } from '@airlink/domain';
import { eq } from 'drizzle-orm';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../src/db/schema';
import { TokenService } from '../src/modules/auth/token.service';
import { connectHub, emitAck, nextEvent } from './hub-client';
import { createTestApp, type TestApp } from './test-app';

let t: TestApp;
let base: string;
let admin: string;
const open: Socket[] = [];
const connect = async (token: string) => {
  const s = await connectHub(base, token);
  open.push(s);
  return s;
};
const sidOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sid as string;

beforeAll(async () => {
  // recheckMs 0: every hub event re-checks the session, so the tests need not wait.
  t = await createTestApp({ hubOptions: { recheckMs: 0 } });
  base = await t.listen();
  admin = (await t.login('admin@test.mx')).token;
});
afterEach(() => {
  for (const s of open.splice(0)) s.close();
});
afterAll(() => t.close());

describe('hub connections follow the session', () => {
  it('logout ends that session’s connections at once', async () => {
    const { token } = await t.login('soporte@test.mx');
    const s = await connect(token);
    const ended = nextEvent<{ reason: string }>(s, 'SessionEnded');
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: t.auth(token) });
    expect((await ended).reason).toBe('Cerraste tu sesión.');
  });

  it('a session revoked behind the hub’s back cannot send events', async () => {
    const { token } = await t.login('usuario@test.mx');
    const s = await connect(token);
    await t.app.ctx.db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(eq(sessions.id, sidOf(token)));
    const ended = nextEvent(s, 'SessionEnded');
    expect(await emitAck(s, 'SendMessage', { message: 'sigo aquí' })).toEqual({
      ok: false,
      error: 'Tu sesión terminó. Inicia sesión de nuevo.',
    });
    await ended;
  });

  it('a demoted admin stops receiving presence events', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/usuarios',
      headers: t.auth(admin),
      payload: { email: 'jefa@test.mx', nombre: 'Jefa', idPerfilUsuario: 20 },
    });
    const { token } = await t.login('jefa@test.mx');
    const s = await connect(token);
    const before = nextEvent<ConnectedUser>(s, 'UserConnected', (p) => p.userName === 'cajero');
    await connect((await t.login('cajero@test.mx')).token);
    await before;

    await t.app.inject({
      method: 'PUT',
      url: `/api/usuarios/${created.json().id}`,
      headers: t.auth(admin),
      payload: { idPerfilUsuario: 5 },
    });
    await new Promise((r) => setTimeout(r, 100));
    let leaked = false;
    s.on('UserConnected', () => (leaked = true));
    const adminWatcher = await connect(admin);
    const seen = nextEvent<ConnectedUser>(adminWatcher, 'UserConnected', (p) => p.userName === 'supervisor');
    await connect((await t.login('supervisor@test.mx')).token);
    await seen;
    expect(leaked).toBe(false);
  });

  it('a connection closes when its token expires', async () => {
    const { token } = await t.login('gerente@test.mx');
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
    // Signed 8 h minus 1 s ago: valid for one more second.
    const short = await new TokenService(t.config.appSecret).sign(
      Number(claims.sub),
      claims.sid,
      claims.jti,
      new Date(Date.now() - (8 * 3600 - 1) * 1000),
    );
    const s = await connect(short);
    await new Promise<void>((resolve) => s.once('disconnect', () => resolve()));
  });
});

describe('notices sent through the hub', () => {
  it('carry the sender’s real name, whatever the client claims', async () => {
    const s = await connect((await t.login('soporte@test.mx')).token);
    const a = await connect(admin);
    const got = nextEvent<Notification>(a, 'ReceiveMessage', (n) => n.message === 'Soy el jefe');
    expect(await emitAck(s, 'SendMessage', { user: 'Adriana Admin (Administrador)', message: 'Soy el jefe' })).toEqual({
      ok: true,
    });
    expect((await got).user).toBe('Sofía Soporte');
  });

  it('are limited to 10 a minute per user', async () => {
    const s = await connect((await t.login('cajero@test.mx')).token);
    const acks = [];
    for (let i = 0; i < 11; i++) acks.push(await emitAck(s, 'SendMessage', { message: `aviso ${i}` }));
    expect(acks.slice(0, 10).every((a) => a.ok)).toBe(true);
    expect(acks[10]).toEqual({ ok: false, error: 'Puedes enviar hasta 10 avisos por minuto. Espera un momento.' });
  });

  it('refuse links that leave the app', async () => {
    const s = await connect((await t.login('supervisor@test.mx')).token);
    const ack = await emitAck(s, 'SendMessage', { message: 'mira', url: '/\\evil.example' });
    expect(ack).toEqual({ ok: false, error: 'La liga debe ser una ruta interna que empiece con /' });
  });
});

describe('bad input is a Spanish 400, never a 500', () => {
  it('ids out of range, booleans as levels', async () => {
    const big = await t.app.inject({
      method: 'PUT',
      url: '/api/usuarios/99999999999',
      headers: t.auth(admin),
      payload: { nombre: 'X' },
    });
    expect(big.statusCode).toBe(400);
    expect(big.json().message).toContain('Id inválido');
    const bool = await t.app.inject({
      method: 'PUT',
      url: '/api/usuarios/2',
      headers: t.auth(admin),
      payload: { idPerfilUsuario: true },
    });
    expect(bool.statusCode).toBe(400);
    expect(bool.json().details).toEqual({ idPerfilUsuario: ['Elige un nivel'] });
    const ids = await t.app.inject({
      method: 'POST',
      url: '/api/notifications',
      headers: t.auth(admin),
      payload: { user: 'x', message: 'y', customerId: 99999999999, recipients: { userIds: [99999999999] } },
    });
    expect(ids.statusCode).toBe(400);
  });

  it('default zod messages are Spanish', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/usuarios',
      headers: t.auth(admin),
      payload: { email: 5 },
    });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).not.toMatch(/Invalid|expected|received/);
  });
});

describe('users', () => {
  it('user names stay unique across email domains', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/usuarios',
      headers: t.auth(admin),
      payload: { email: 'soporte@otra-empresa.mx', nombre: 'Otro', idPerfilUsuario: 5 },
    });
    expect(res.json().userName).toBe('soporte2');
  });

  it('two admins adding the same email at once: one 201, one 409', async () => {
    const payload = { email: 'carrera@test.mx', nombre: 'Carrera', idPerfilUsuario: 5 };
    const results = await Promise.all(
      [1, 2].map(() => t.app.inject({ method: 'POST', url: '/api/usuarios', headers: t.auth(admin), payload })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });
});

describe('the network edge', () => {
  it('ignores X-Forwarded-For unless TRUST_PROXY says the proxy is trusted', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/ConnectedUsers/test-connection',
      headers: { ...t.auth(admin), 'x-forwarded-for': '203.0.113.9' },
    });
    expect(res.json()).toMatchObject({ forwardedFor: '203.0.113.9', calculatedRealIP: '127.0.0.1' });
    const proxied = await createTestApp({ config: { trustProxy: true }, database: t.database });
    try {
      const r = await proxied.app.inject({
        method: 'GET',
        url: '/api/ConnectedUsers/test-connection',
        headers: { ...proxied.auth(admin), 'x-forwarded-for': '203.0.113.9' },
      });
      expect(r.json().calculatedRealIP).toBe('203.0.113.9');
    } finally {
      await proxied.close();
    }
  });

  it('a connection id that is a room name disconnects nobody', async () => {
    const a = await connect(admin);
    let ended = false;
    a.on('SessionEnded', () => (ended = true));
    for (const id of ['admins', 'user:6', `session:${sidOf(admin)}`]) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/ConnectedUsers/disconnect/${encodeURIComponent(id)}`,
        headers: t.auth(admin),
      });
      expect(res.statusCode).toBe(404);
    }
    await new Promise((r) => setTimeout(r, 100));
    expect(ended).toBe(false);
    expect(a.connected).toBe(true);
  });

  it('a missing build file is a 404, not the app page', async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'airlink-dist-'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>AirLink</title>');
    const web = await createTestApp({ config: { webDist: dist }, database: t.database });
    try {
      expect((await web.app.inject({ method: 'GET', url: '/assets/index-viejo.js' })).statusCode).toBe(404);
      const page = await web.app.inject({ method: 'GET', url: '/dashboard/clientes' });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<title>AirLink</title>');
    } finally {
      await web.close();
    }
  });
});
