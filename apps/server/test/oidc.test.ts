import { OAuth2Server } from 'oauth2-mock-server';
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
  it('an active user ends at /auth/callback with a working token and the user', async () => {
    claims = { email: 'Supervisor@Test.mx', email_verified: true, name: 'Samuel S.', picture: 'https://example.test/p.png' };
    const to = await signIn();
    expect(to.pathname).toBe('/auth/callback');
    const user = JSON.parse(to.searchParams.get('user')!);
    expect(user).toMatchObject({ email: 'supervisor@test.mx', idPerfilUsuario: 17, picture: 'https://example.test/p.png' });
    const res = await fetch(`${base}/api/usuarios`, { headers: { authorization: `Bearer ${to.searchParams.get('token')}` } });
    expect(res.status).toBe(200);
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
    expect(to.searchParams.get('error')).toBe('No se pudo verificar el inicio de sesión con el proveedor de identidad.');
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
