import { OAuth2Server } from 'oauth2-mock-server';
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../src/db/schema';
import { createTestApp, freePort, type TestApp } from './test-app';

let idp: OAuth2Server;
let t: TestApp;
let base: string;
let claims: Record<string, unknown> = {};

beforeAll(async () => {
  idp = new OAuth2Server();
  await idp.issuer.keys.generate('RS256');
  await idp.start(0, '127.0.0.1');
  idp.service.on('beforeTokenSigning', (token) => {
    Object.assign(token.payload, claims);
  });
  // The server builds its redirect URI from PUBLIC_URL, so the port is chosen first.
  const port = await freePort();
  t = await createTestApp({
    config: {
      oidc: { issuer: idp.issuer.url!, clientId: 'airlink-web', clientSecret: 'secreto' },
      devLogin: false,
      publicUrl: `http://127.0.0.1:${port}`,
    },
  });
  base = await t.listen(port);
});
afterAll(async () => {
  await t.close();
  await idp.stop();
});

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const exchange = (body: unknown) =>
  fetch(`${base}/api/auth/exchange`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
const messageOf = async (res: Response) => ((await res.json()) as { message: string }).message;

/** Follows the browser's hops: our authorize → provider → our callback, carrying the state cookie. */
async function signIn(opts: { tamperState?: boolean; dropCookie?: boolean } = {}) {
  const start = await fetch(`${base}/api/auth/authorize`, { redirect: 'manual' });
  expect(start.status).toBe(302);
  const cookie = start.headers.get('set-cookie')?.split(';')[0] ?? '';
  const providerUrl = new URL(start.headers.get('location')!);
  expect(providerUrl.searchParams.get('code_challenge_method')).toBe('S256');
  expect(providerUrl.searchParams.get('nonce')).toBeTruthy();
  const atProvider = await fetch(providerUrl, { redirect: 'manual' });
  const back = new URL(atProvider.headers.get('location')!);
  expect(back.pathname).toBe('/api/auth/callback');
  if (opts.tamperState) back.searchParams.set('state', 'otro-state');
  const done = await fetch(back, { redirect: 'manual', headers: opts.dropCookie ? {} : { cookie } });
  expect(done.status).toBe(302);
  return new URL(done.headers.get('location')!);
}

describe('OpenID Connect sign-in against a real OIDC provider on loopback', () => {
  it('an active user ends at /auth/callback with a one-time code, never the token or the user', async () => {
    claims = {
      email: 'Supervisor@Test.mx',
      email_verified: true,
      name: 'Samuel S.',
      picture: 'https://example.test/p.png',
    };
    const to = await signIn();
    expect(to.pathname).toBe('/auth/callback');
    expect([...to.searchParams.keys()]).toEqual(['code']);
    expect(to.href).not.toMatch(/token|eyJ/);
    const code = to.searchParams.get('code')!;
    expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Only its SHA-256 is stored, with a 60 s expiry.
    const [row] = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.exchangeCodeHash, sha256(code)));
    expect(row).toBeDefined();
    const ttl = row!.exchangeCodeExpiresAt!.getTime() - Date.now();
    expect(ttl).toBeGreaterThan(50_000);
    expect(ttl).toBeLessThanOrEqual(60_000);
    expect(JSON.stringify(row)).not.toContain(code);

    const res = await exchange({ code });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { token: string; user: Record<string, unknown> };
    expect(Object.keys(body).sort()).toEqual(['token', 'user']);
    expect(body.user).toMatchObject({
      email: 'supervisor@test.mx',
      idPerfilUsuario: 17,
      picture: 'https://example.test/p.png',
    });
    const me = await fetch(`${base}/api/usuarios`, { headers: { authorization: `Bearer ${body.token}` } });
    expect(me.status).toBe(200);
  });

  it('an unknown email goes to /logedout with a Spanish reason and no session', async () => {
    const before = (await t.database.db.select().from(sessions)).length;
    claims = { email: 'intruso@gmail.com', email_verified: true };
    const to = await signIn();
    expect(to.pathname).toBe('/logedout');
    expect(to.searchParams.get('error')).toContain('no está registrado');
    expect((await t.database.db.select().from(sessions)).length).toBe(before);
  });

  it('an email the provider has not verified is refused', async () => {
    for (const verified of [undefined, 'false', false]) {
      claims = { email: 'admin@test.mx', email_verified: verified };
      const to = await signIn();
      expect(to.pathname).toBe('/logedout');
      expect(to.searchParams.get('error')).toContain('no está verificado');
    }
  });

  it('an inactive user is refused', async () => {
    claims = { email: 'baja@test.mx', email_verified: true };
    const to = await signIn();
    expect(to.pathname).toBe('/logedout');
    expect(to.searchParams.get('error')).toContain('desactivado');
  });

  it('a wrong state is refused', async () => {
    claims = { email: 'admin@test.mx', email_verified: true };
    const to = await signIn({ tamperState: true });
    expect(to.pathname).toBe('/logedout');
    expect(to.searchParams.get('error')).toContain('state inválido');
  });

  it('a wrong nonce in the ID token is refused', async () => {
    claims = { email: 'admin@test.mx', email_verified: true, nonce: 'nonce-de-otra-solicitud' };
    const to = await signIn();
    expect(to.pathname).toBe('/logedout');
    expect(to.searchParams.get('error')).toBe(
      'No se pudo verificar el inicio de sesión con el proveedor de identidad.',
    );
    claims = {};
  });

  it('a callback without the browser cookie is refused', async () => {
    claims = { email: 'admin@test.mx', email_verified: true };
    const to = await signIn({ dropCookie: true });
    expect(to.pathname).toBe('/logedout');
    expect(to.searchParams.get('error')).toContain('expiró');
  });

  it('without a client id, authorize explains that Google sign-in is not configured', async () => {
    const plain = await createTestApp({ config: { oidc: { issuer: 'https://accounts.google.com' } } });
    try {
      const res = await plain.app.inject({ method: 'GET', url: '/api/auth/authorize' });
      expect(res.statusCode).toBe(302);
      expect(decodeURIComponent(res.headers.location as string)).toContain('no está configurado');
    } finally {
      await plain.close();
    }
  });
});

describe('POST /api/auth/exchange', () => {
  const codeFor = async (email: string) => {
    claims = { email, email_verified: true };
    const to = await signIn();
    expect(to.pathname).toBe('/auth/callback');
    return to.searchParams.get('code')!;
  };

  it('answers a code exactly once; the second time is a Spanish 401 without a token', async () => {
    const code = await codeFor('cajero@test.mx');
    expect((await exchange({ code })).status).toBe(200);
    const again = await exchange({ code });
    expect(again.status).toBe(401);
    const body = (await again.json()) as Record<string, unknown>;
    expect(body).toEqual({
      error: 'unauthorized',
      message: 'El código de inicio de sesión no es válido o ya se usó. Inicia sesión de nuevo.',
    });
  });

  it('two exchanges of one code at the same moment: one session is handed out, never two', async () => {
    const code = await codeFor('gerente@test.mx');
    const answers = await Promise.all([exchange({ code }), exchange({ code }), exchange({ Code: code })]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 401, 401]);
  });

  it('an expired code is refused in Spanish and its session can never be handed out', async () => {
    const code = await codeFor('admin@test.mx');
    const [row] = await t.database.db
      .update(sessions)
      .set({ exchangeCodeExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.exchangeCodeHash, sha256(code)))
      .returning();
    const res = await exchange({ code });
    expect(res.status).toBe(401);
    expect(await messageOf(res)).toBe('El código de inicio de sesión expiró. Inicia sesión de nuevo.');
    expect((await exchange({ code })).status).toBe(401);
    const [after] = await t.database.db.select().from(sessions).where(eq(sessions.id, row!.id));
    expect(after?.revokedAt).toBeInstanceOf(Date);
    expect(after?.exchangeCodeHash).toBeNull();
  });

  it('a user deactivated between the callback and the exchange gets no session', async () => {
    const code = await codeFor('soporte@test.mx');
    const { users } = await import('../src/db/schema');
    await t.database.db.update(users).set({ activo: false }).where(eq(users.email, 'soporte@test.mx'));
    try {
      const res = await exchange({ code });
      expect(res.status).toBe(401);
      expect(await messageOf(res)).toBe('Tu usuario está desactivado.');
    } finally {
      await t.database.db.update(users).set({ activo: true }).where(eq(users.email, 'soporte@test.mx'));
    }
  });

  it('unknown and malformed codes get a Spanish 401 or 400 and nothing else', async () => {
    const unknown = await exchange({ code: Buffer.alloc(32, 1).toString('base64url') });
    expect(unknown.status).toBe(401);
    expect(await messageOf(unknown)).toBe(
      'El código de inicio de sesión no es válido o ya se usó. Inicia sesión de nuevo.',
    );
    for (const body of [{}, { code: '' }, { code: 'abc' }, { code: 42 }, { code: null }, { code: 'x'.repeat(3000) }]) {
      const res = await exchange(body);
      expect(res.status).toBe(400);
      const json = (await res.json()) as Record<string, unknown>;
      expect(json).not.toHaveProperty('token');
      expect(json.message).toMatch(/[a-záéíóú]/i);
    }
    // Over the few kB a public route takes, the body is not even read (issue 22).
    const huge = await exchange({ code: 'x'.repeat(5000) });
    expect(huge.status).toBe(413);
    expect(await messageOf(huge)).toBe('El contenido enviado es demasiado grande.');
  });
});
