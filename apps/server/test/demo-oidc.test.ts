import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOidcProvider, type FakeOidcProvider } from '../src/demo/fakes/oidc/fake-server';
import { createTestApp, freePort, type TestApp } from './test-app';

let idp: FakeOidcProvider;
let t: TestApp;
let base: string;

beforeAll(async () => {
  idp = await startFakeOidcProvider({
    accounts: async () => [
      { email: 'admin@test.mx', name: 'Adriana Admin' },
      { email: 'soporte@test.mx', name: 'Sofía <b>Soporte</b>' },
    ],
  });
  const port = await freePort();
  t = await createTestApp({
    config: {
      oidc: { issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret },
      publicUrl: `http://127.0.0.1:${port}`,
    },
  });
  base = await t.listen(port);
});
afterAll(async () => {
  await t.close();
  await idp.stop();
});

async function startSignIn() {
  const start = await fetch(`${base}/api/auth/authorize`, { redirect: 'manual' });
  return {
    cookie: start.headers.get('set-cookie')!.split(';')[0]!,
    providerUrl: new URL(start.headers.get('location')!),
  };
}

async function choose(providerUrl: URL, cookie: string, email: string) {
  const chosen = new URL(providerUrl);
  chosen.searchParams.set('login_hint', email);
  const atProvider = await fetch(chosen, { redirect: 'manual' });
  const done = await fetch(atProvider.headers.get('location')!, { redirect: 'manual', headers: { cookie } });
  return new URL(done.headers.get('location')!);
}

describe('the demo identity provider', () => {
  it('shows a Spanish account chooser with the accounts, as text', async () => {
    const { providerUrl } = await startSignIn();
    const page = await fetch(providerUrl);
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain('Elige una cuenta');
    expect(html).toContain('Adriana Admin');
    expect(html).toContain('Sofía &lt;b&gt;Soporte&lt;/b&gt;');
    expect(html).not.toContain('<b>Soporte</b>');
  });

  it('signs in the chosen account through the real OpenID Connect flow', async () => {
    const { cookie, providerUrl } = await startSignIn();
    const to = await choose(providerUrl, cookie, 'admin@test.mx');
    expect(to.pathname).toBe('/auth/callback');
    expect([...to.searchParams.keys()]).toEqual(['code']);
    const res = await fetch(`${base}/api/auth/exchange`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code: to.searchParams.get('code') }),
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { user: unknown }).user).toMatchObject({
      email: 'admin@test.mx',
      idPerfilUsuario: 20,
    });
  });

  it('an email that is not a staff account is refused', async () => {
    const { cookie, providerUrl } = await startSignIn();
    const to = await choose(providerUrl, cookie, 'alguien@gmail.com');
    expect(to.pathname).toBe('/logedout');
    expect(to.searchParams.get('error')).toContain('no está registrado');
  });
});
