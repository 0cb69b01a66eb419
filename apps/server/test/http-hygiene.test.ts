import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthRepository } from '../src/modules/auth/auth.repository';
import { contentSecurityDirectives, webSocketOrigin } from '../src/plugins/csp';
import { DOCS_COOKIE } from '../src/plugins/api-docs';
import { createTestApp, type TestApp } from './test-app';

/** A built web app as Vite leaves it: index.html, hashed assets, a favicon. */
function fakeWebDist(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'airlink-web-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><title>AirLink</title><script type="module" src="/assets/index-Dx3kQ9aB.js"></script>',
  );
  writeFileSync(
    path.join(dir, 'portal.html'),
    '<!doctype html><title>Mi cuenta · AirLink</title><script type="module" src="/assets/portal-Q1w2E3r4.js"></script>',
  );
  writeFileSync(path.join(dir, 'assets', 'index-Dx3kQ9aB.js'), 'console.log("airlink")');
  writeFileSync(path.join(dir, 'favicon.ico'), 'x');
  return dir;
}

/** Parses a Content-Security-Policy header into directive → sources. */
function parseCsp(header: string): Record<string, string[]> {
  return Object.fromEntries(
    header
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

describe('cache policy', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp({ config: { webDist: fakeWebDist() } });
    admin = (await t.login('admin@test.mx')).token;
  });
  afterAll(() => t?.close());

  it('every /api answer is no-store: success, 401, 400, 404 and a route that set its own policy', async () => {
    const answers = await Promise.all([
      t.app.inject({ url: '/api/health' }),
      t.app.inject({ url: '/api/usuarios', headers: t.auth(admin) }),
      t.app.inject({ url: '/api/usuarios' }),
      t.app.inject({
        method: 'POST',
        url: '/api/usuarios',
        headers: t.auth(admin),
        payload: { email: 'no es correo' },
      }),
      t.app.inject({ url: '/api/no-existe' }),
      t.app.inject({ url: '/API/Health' }),
    ]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 401, 400, 404, 200]);
    for (const r of answers) expect(r.headers['cache-control']).toBe('no-store');
  });

  it('index.html is no-cache wherever it is served from', async () => {
    for (const url of ['/', '/index.html', '/dashboard/clientes']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it("the customers' portal has its own page at /portal and under it, no-cache; /portalx is the staff app", async () => {
    for (const url of ['/portal', '/portal/', '/portal/pagos', '/portal/pago/abc?status=approved', '/portal?x=1']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('Mi cuenta · AirLink');
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
    expect((await t.app.inject({ url: '/portal.html' })).headers['cache-control']).toBe('no-cache');
    expect((await t.app.inject({ url: '/portalx' })).body).not.toContain('Mi cuenta');
  });

  it('hashed assets are public and immutable for a year; a missing one is a 404 nobody stores', async () => {
    const asset = await t.app.inject({ url: '/assets/index-Dx3kQ9aB.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const missing = await t.app.inject({ url: '/assets/index-OldHash1.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['cache-control']).toBe('no-store');
    const favicon = await t.app.inject({ url: '/favicon.ico' });
    expect(favicon.headers['cache-control']).toBe('public, max-age=3600');
  });
});

describe('Content-Security-Policy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { webDist: fakeWebDist(), publicUrl: 'https://airlink.example.mx' } });
  });
  afterAll(() => t?.close());

  it("every answer carries helmet's security headers: the web, an API answer, a 401 and a 404", async () => {
    for (const url of ['/', '/api/health', '/api/usuarios', '/api/no-existe']) {
      const res = await t.app.inject({ url });
      expect(res.headers['strict-transport-security'], url).toBe('max-age=31536000; includeSubDomains');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(res.headers['x-permitted-cross-domain-policies']).toBe('none');
      expect(res.headers['x-powered-by']).toBeUndefined();
      expect(res.headers['cross-origin-embedder-policy']).toBeUndefined();
      expect(parseCsp(String(res.headers['content-security-policy']))['frame-ancestors']).toEqual(["'none'"]);
    }
  });

  it('has no scheme wildcards: same origin, its WebSocket, and Google avatars', async () => {
    const res = await t.app.inject({ url: '/' });
    const csp = parseCsp(String(res.headers['content-security-policy']));
    expect(csp['connect-src']).toEqual(["'self'", 'wss://airlink.example.mx']);
    expect(csp['img-src']).toEqual(["'self'", 'data:', 'blob:', 'https://lh3.googleusercontent.com']);
    expect(csp['default-src']).toEqual(["'self'"]);
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    for (const sources of Object.values(csp)) {
      for (const s of sources) expect(['https:', 'http:', 'ws:', 'wss:', '*']).not.toContain(s);
    }
  });

  it('the WebSocket origin follows PUBLIC_URL', () => {
    expect(webSocketOrigin('http://localhost:3000')).toBe('ws://localhost:3000');
    expect(webSocketOrigin('https://airlink.example.mx/')).toBe('wss://airlink.example.mx');
    expect(contentSecurityDirectives('http://192.168.1.10:8080').connectSrc).toEqual([
      "'self'",
      'ws://192.168.1.10:8080',
    ]);
  });
});

describe('/api/docs', () => {
  it('is open outside production', async () => {
    const t = await createTestApp();
    try {
      const json = await t.app.inject({ url: '/api/docs/json' });
      expect(json.statusCode).toBe(200);
      expect(json.json().info.title).toBe('AirLink API');
      expect(json.headers['cache-control']).toBe('no-store');
      expect((await t.app.inject({ url: '/api/docs' })).statusCode).toBeLessThan(400);
    } finally {
      await t.close();
    }
  });

  describe('in production', () => {
    let t: TestApp;
    const tokenOf = async (email: string) => {
      const user = await new AuthRepository(t.database.db).findUserByEmail(email);
      return (await t.app.ctx.auth.startSession(user!, 'dev', {})).token;
    };
    /** The cookie POST /api/docs/session set, as the browser sends it back. */
    const docsCookie = (setCookie: string | string[] | undefined) => {
      const line = [setCookie ?? []].flat().find((c) => c.startsWith(`${DOCS_COOKIE}=`));
      return line?.split(';')[0] ?? '';
    };
    beforeAll(async () => {
      t = await createTestApp({ config: { production: true } });
    });
    afterAll(() => t?.close());

    it('is closed to an anonymous browser, in Spanish', async () => {
      for (const url of ['/api/docs', '/api/docs/json', '/api/docs/yaml']) {
        const res = await t.app.inject({ url });
        expect(res.statusCode, url).toBe(401);
        expect(res.json().message).toContain('solo para administradores');
      }
    });

    it('a level-20 user gets a short-lived HttpOnly cookie scoped to /api/docs that opens it', async () => {
      const admin = await tokenOf('admin@test.mx');
      const session = await t.app.inject({ method: 'POST', url: '/api/docs/session', headers: t.auth(admin) });
      expect(session.statusCode).toBe(204);
      const setCookie = String([session.headers['set-cookie']].flat()[0]);
      expect(setCookie).toMatch(/HttpOnly/i);
      expect(setCookie).toMatch(/Path=\/api\/docs/);
      expect(setCookie).toMatch(/SameSite=Strict/i);
      expect(setCookie).toMatch(/Max-Age=1800/);
      const cookie = docsCookie(session.headers['set-cookie']);
      const json = await t.app.inject({ url: '/api/docs/json', headers: { cookie } });
      expect(json.statusCode).toBe(200);
      expect(json.json().openapi).toBeTruthy();

      // Logging out closes the docs at once.
      await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: t.auth(admin) });
      expect((await t.app.inject({ url: '/api/docs/json', headers: { cookie } })).statusCode).toBe(401);
    });

    it('lower levels cannot get the cookie, and a forged one opens nothing', async () => {
      const cashier = await tokenOf('cajero@test.mx');
      expect(
        (await t.app.inject({ method: 'POST', url: '/api/docs/session', headers: t.auth(cashier) })).statusCode,
      ).toBe(403);
      expect((await t.app.inject({ method: 'POST', url: '/api/docs/session' })).statusCode).toBe(401);
      const forged = await t.app.inject({
        url: '/api/docs/json',
        headers: { cookie: `${DOCS_COOKIE}=eyJhbGciOiJIUzI1NiJ9.e30.x` },
      });
      expect(forged.statusCode).toBe(401);
    });
  });
});
