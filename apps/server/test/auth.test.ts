import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { sessions } from '../src/db/schema';
import { TokenService } from '../src/modules/auth/token.service';
import { createTestApp, type TestApp } from './test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const usuarios = (token: string) => t.app.inject({ method: 'GET', url: '/api/usuarios', headers: t.auth(token) });
const refresh = (token: string) =>
  t.app.inject({ method: 'POST', url: '/api/login/refresh-token', payload: { token } });
const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as {
    sid: string;
    jti: string;
    sub: string;
    exp: number;
    iat: number;
  };

describe('demo sign-in', () => {
  it('lists the active users by level, without the inactive one', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/dev-users' });
    expect(res.statusCode).toBe(200);
    const list = res.json() as { email: string; idPerfilUsuario: number }[];
    expect(list.map((u) => u.idPerfilUsuario)).toEqual([5, 10, 16, 17, 18, 20]);
    expect(list.find((u) => u.email === 'baja@test.mx')).toBeUndefined();
  });

  it('signs in a known active user and creates a session', async () => {
    const { token, user } = await t.login('cajero@test.mx');
    expect(user).toMatchObject({ email: 'cajero@test.mx', name: 'Carla Cajera', idPerfilUsuario: 16 });
    expect(token.split('.')).toHaveLength(3);
    expect((await usuarios(token)).statusCode).toBe(200);
  });

  it('refuses unknown and inactive emails with a Spanish reason and creates no session', async () => {
    const before = (await t.database.db.select().from(sessions)).length;
    for (const email of ['nadie@test.mx', 'baja@test.mx']) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/dev-login', payload: { email } });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toMatch(/no está registrado|desactivado/);
    }
    expect((await t.database.db.select().from(sessions)).length).toBe(before);
  });

  it('validates the body in Spanish', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/dev-login', payload: { email: 'no-es-correo' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'validation', details: { email: ['Correo inválido'] } });
  });

  it('answers 404 on both endpoints when demo sign-in is off', async () => {
    const off = await createTestApp({ config: { devLogin: false } });
    try {
      expect((await off.app.inject({ method: 'GET', url: '/api/auth/dev-users' })).statusCode).toBe(404);
      const res = await off.app.inject({
        method: 'POST',
        url: '/api/auth/dev-login',
        payload: { email: 'admin@test.mx' },
      });
      expect(res.statusCode).toBe(404);
    } finally {
      await off.close();
    }
  });
});

describe('tokens and refresh', () => {
  it('carries exp (8 hours) and a session id', async () => {
    const { token } = await t.login('soporte@test.mx');
    const payload = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as {
      exp: number;
      iat: number;
      sid: string;
    };
    expect(payload.exp - payload.iat).toBe(8 * 3600);
    expect(payload.sid).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('refreshes a live token, accepting the spec field name Token', async () => {
    const { token } = await t.login('soporte@test.mx');
    const res = await t.app.inject({ method: 'POST', url: '/api/login/refresh-token', payload: { Token: token } });
    expect(res.statusCode).toBe(200);
    const fresh = res.json().token as string;
    expect((await usuarios(fresh)).statusCode).toBe(200);
  });

  it('refreshes a token expired less than an hour ago, not one expired longer', async () => {
    const { token } = await t.login('soporte@test.mx');
    const { sid, jti, sub } = claimsOf(token);
    const tokens = new TokenService(t.config.appSecret);
    const expired = await tokens.sign(Number(sub), sid, jti, new Date(Date.now() - 8.5 * 3600_000));
    expect((await usuarios(expired)).statusCode).toBe(401);
    expect((await refresh(expired)).statusCode).toBe(200);

    const other = claimsOf((await t.login('soporte@test.mx')).token);
    const tooOld = await tokens.sign(Number(other.sub), other.sid, other.jti, new Date(Date.now() - 10 * 3600_000));
    expect((await refresh(tooOld)).statusCode).toBe(401);
  });

  it('rotates on refresh: the replaced token is refused at once, the new one works', async () => {
    const { token } = await t.login('cajero@test.mx');
    const first = await refresh(token);
    expect(first.statusCode).toBe(200);
    const fresh = first.json().token as string;
    expect(claimsOf(fresh).jti).not.toBe(claimsOf(token).jti);
    expect(claimsOf(fresh).sid).toBe(claimsOf(token).sid);
    // No grace: the very next request with the replaced token is a 401.
    expect((await usuarios(token)).statusCode).toBe(401);
  });

  it('a replaced token presented to any route revokes the whole session (theft detection)', async () => {
    const { token } = await t.login('cajero@test.mx');
    const second = (await refresh(token)).json().token as string;
    const third = (await refresh(second)).json().token as string;
    expect((await usuarios(third)).statusCode).toBe(200);
    // The first token comes back (say, copied from a stolen backup): the session ends for everyone.
    const stolen = await usuarios(token);
    expect(stolen.statusCode).toBe(401);
    expect((await usuarios(third)).statusCode).toBe(401);
    const after = await refresh(third);
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toBe('La sesión fue cerrada. Inicia sesión de nuevo.');
    const [row] = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, claimsOf(token).sid));
    expect(row?.revokedAt).toBeInstanceOf(Date);
  });

  it('refreshing a replaced token revokes the whole session with a Spanish reason', async () => {
    const { token } = await t.login('supervisor@test.mx');
    const fresh = (await refresh(token)).json().token as string;
    const again = await refresh(token);
    expect(again.statusCode).toBe(401);
    expect(again.json().message).toBe(
      'Por seguridad cerramos tu sesión: se volvió a usar un token que ya había sido renovado. Inicia sesión de nuevo.',
    );
    expect((await usuarios(fresh)).statusCode).toBe(401);
    expect((await refresh(fresh)).statusCode).toBe(401);
  });

  it('two refreshes of the same token at once: one rotates, the other revokes the session', async () => {
    const { token } = await t.login('gerente@test.mx');
    const answers = await Promise.all([refresh(token), refresh(token)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 401]);
    const winner = answers.find((r) => r.statusCode === 200)!.json().token as string;
    expect((await usuarios(winner)).statusCode).toBe(401);
  });

  it("theft in one session leaves the same user's other sessions alone", async () => {
    const mine = (await t.login('usuario@test.mx')).token;
    const other = (await t.login('usuario@test.mx')).token;
    await refresh(mine);
    expect((await usuarios(mine)).statusCode).toBe(401);
    expect((await usuarios(other)).statusCode).toBe(200);
  });

  it('never refreshes a session older than its maximum age', async () => {
    const { token } = await t.login('supervisor@test.mx');
    await t.database.db
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - 8 * 24 * 3600_000) })
      .where(eq(sessions.id, claimsOf(token).sid));
    const res = await refresh(token);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('La sesión expiró. Inicia sesión de nuevo.');
  });

  it('refuses tampered, foreign and malformed tokens', async () => {
    const { token } = await t.login('admin@test.mx');
    const [h, p, s] = token.split('.');
    const claims = JSON.parse(Buffer.from(p!, 'base64url').toString());
    const forged = `${h}.${Buffer.from(JSON.stringify({ ...claims, sub: '2' })).toString('base64url')}.${s}`;
    const foreign = await new TokenService('another-secret-another-secret-another-0').sign(6, claims.sid, claims.jti);
    for (const bad of [forged, foreign, 'abc', `${h}.${p}.`, '']) {
      expect((await usuarios(bad)).statusCode).toBe(401);
      const res = await t.app.inject({ method: 'POST', url: '/api/login/refresh-token', payload: { token: bad } });
      expect([400, 401]).toContain(res.statusCode);
      expect(res.json().message).toEqual(expect.any(String));
    }
  });

  it('rejects a bad refresh body with a Spanish message', async () => {
    for (const payload of [{}, { token: 5 }, 'nope']) {
      const res = await t.app.inject({ method: 'POST', url: '/api/login/refresh-token', payload });
      // A plain-text body is refused as 415 (not JSON), the rest as 400; both in Spanish.
      expect(res.statusCode).toBe(typeof payload === 'string' ? 415 : 400);
      expect(res.json().message).toMatch(/[a-záéíóú]/i);
    }
  });

  it('logout revokes the session: the token and its refresh stop working', async () => {
    const { token } = await t.login('usuario@test.mx');
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: t.auth(token) });
    expect(out.statusCode).toBe(204);
    expect((await usuarios(token)).statusCode).toBe(401);
    const res = await t.app.inject({ method: 'POST', url: '/api/login/refresh-token', payload: { token } });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('La sesión fue cerrada. Inicia sesión de nuevo.');
  });

  it('a revoked session row is enough to refuse the token', async () => {
    const { token } = await t.login('gerente@test.mx');
    const sid = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sid as string;
    await t.database.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sid));
    expect((await usuarios(token)).statusCode).toBe(401);
  });
});
