import { createHash, randomBytes } from 'node:crypto';
import { PORTAL_COOKIE_NAME } from '@airlink/domain';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { portalSessions } from '../src/db/schema';
import { seedBase } from '../src/db/base-data';
import { createMoneyTestApp, type MoneyTestApp } from './money-fixtures';

/**
 * Portal and staff sessions kept apart on every route (issue 24): the table is Fastify's own route list. A portal
 * session never opens a staff route; a staff token or an API key never opens a portal route.
 */
const routes: Array<{ method: string; url: string; access: string }> = [];
let m: MoneyTestApp;
let cookie: string;
let apiKey: string;

beforeAll(async () => {
  m = await createMoneyTestApp(() => new Date('2026-11-24T18:00:00Z'), {
    onRoute: (r: RouteOptions) => {
      const methods = Array.isArray(r.method) ? r.method : [r.method];
      const access = (r.config as { access?: string } | undefined)?.access;
      for (const method of methods) {
        if (method === 'HEAD' || method === 'OPTIONS' || !r.url.toLowerCase().startsWith('/api/') || !access) continue;
        routes.push({ method, url: r.url, access });
      }
    },
  });
  await seedBase(m.t.database.db);
  const id = await m.contract({ no: 77, telefono: '7711112222' });
  cookie = randomBytes(32).toString('base64url');
  await m.t.database.db.insert(portalSessions).values({
    contratoId: id,
    tokenHash: createHash('sha256').update(cookie).digest('hex'),
    expiresAt: new Date('2027-01-01T00:00:00Z'),
  });
  const key = await m.call('POST', '/api/ApiKey', 20, { name: 'Tabla portal', profile: 'admin' });
  expect(key.statusCode, key.body).toBe(201);
  apiKey = key.json().key;
});
afterAll(() => m?.t.close());

const urlOf = (url: string) =>
  url.replace(/:(\w+)/g, (_, name: string) =>
    name === 'id' && url.includes('/portal/pagos/')
      ? '00000000-0000-4000-8000-000000000000'
      : name === 'instance'
        ? 'Ninguna'
        : '999999',
  );

describe('portal and staff sessions on every route', () => {
  it('enumerates portal and staff routes', () => {
    expect(routes.filter((r) => r.access === 'portal').length).toBeGreaterThanOrEqual(11);
    // The invoices of issue 26 are portal routes like the receipts.
    for (const url of ['/api/portal/facturas', '/api/portal/facturas/:id/pdf', '/api/portal/facturas/:id/xml'])
      expect(routes).toContainEqual({ method: 'GET', url, access: 'portal' });
    expect(routes.filter((r) => r.access !== 'portal' && r.access !== 'public').length).toBeGreaterThan(100);
  });

  it('a portal session opens no staff route (401 on every one)', async () => {
    for (const r of routes.filter((x) => x.access !== 'portal' && x.access !== 'public')) {
      const res = await m.t.app.inject({
        method: r.method as 'GET',
        url: urlOf(r.url),
        cookies: { [PORTAL_COOKIE_NAME]: cookie },
        headers: { 'idempotency-key': `portal-table-${r.method}-${r.url}` },
      });
      expect(res.statusCode, `${r.method} ${r.url} -> ${res.statusCode} ${res.body.slice(0, 120)}`).toBe(401);
    }
  });

  it('a staff token (level 20) or an API key opens no portal route; the portal cookie does', async () => {
    for (const r of routes.filter((x) => x.access === 'portal')) {
      const url = urlOf(r.url);
      const where = `${r.method} ${r.url}`;
      const staff = await m.t.app.inject({ method: r.method as 'GET', url, headers: m.t.auth(m.tokens[20]!) });
      expect(staff.statusCode, where).toBe(401);
      const key = await m.t.app.inject({ method: r.method as 'GET', url, headers: { 'x-api-key': apiKey } });
      expect(key.statusCode, where).toBe(401);
      const none = await m.t.app.inject({ method: r.method as 'GET', url });
      expect(none.statusCode, where).toBe(401);
      // Both at once: the staff credential is refused rather than ignored.
      const both = await m.t.app.inject({
        method: r.method as 'GET',
        url,
        headers: m.t.auth(m.tokens[20]!),
        cookies: { [PORTAL_COOKIE_NAME]: cookie },
      });
      expect(both.statusCode, where).toBe(401);
      if (r.url === '/api/portal/salir') continue;
      const own = await m.t.app.inject({ method: r.method as 'GET', url, cookies: { [PORTAL_COOKIE_NAME]: cookie } });
      expect(
        [401, 403],
        `${where} with the portal cookie -> ${own.statusCode} ${own.body.slice(0, 120)}`,
      ).not.toContain(own.statusCode);
      expect(own.statusCode, where).toBeLessThan(500);
    }
  });
});
