import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app';

/**
 * docs/api-contract.md lists every route the server registers, each as `METHOD /api/path` inside backticks (path
 * parameters written `{name}`, a query string allowed after the path). Paths compare without regard to letter case
 * and parameter names, as the server matches them.
 */
const DOC = fileURLToPath(new URL('../../../docs/api-contract.md', import.meta.url));
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** `/api/Customer/:id/logs` and `/api/customer/{idContrato}/logs` both become `/api/customer/{}/logs`. */
function normalisePath(path: string): string {
  return path
    .replace(/\?.*$/, '')
    .replace(/:\w+/g, '{}')
    .replace(/\{[^}]*\}/g, '{}')
    .toLowerCase();
}

/** Every `METHOD /api/…` entry written in backticks in the document. */
function documentedRoutes(markdown: string): Set<string> {
  const found = new Set<string>();
  const entry = new RegExp(`\`(${METHODS.join('|')}) (/api[^\`\\s]*)\``, 'g');
  for (const m of markdown.matchAll(entry)) found.add(`${m[1]} ${normalisePath(m[2]!)}`);
  return found;
}

/** Routes of the app's own (HEAD twins and swagger-ui's static files are Fastify's, not ours). */
function isOurs(method: string, url: string): boolean {
  if (method === 'HEAD' || method === 'OPTIONS') return false;
  if (/^\/api\/docs\/static\//i.test(url)) return false;
  return url.toLowerCase().startsWith('/api');
}

let t: TestApp;
const registered = new Set<string>();
beforeAll(async () => {
  t = await createTestApp({
    onRoute: (route: RouteOptions) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const m of methods) if (isOurs(m, route.url)) registered.add(`${m} ${normalisePath(route.url)}`);
    },
  });
});
afterAll(() => t?.close());

describe('docs/api-contract.md', () => {
  it('reads entries written `METHOD /api/path` and nothing else', () => {
    const doc = documentedRoutes(
      'a `GET /api/customer/{id}/logs` b `PUT /api/Cuentas/{idCuenta}?x=1` c `GET /api/a` and `/api/b` `GET x`',
    );
    expect([...doc]).toEqual(['GET /api/customer/{}/logs', 'PUT /api/cuentas/{}', 'GET /api/a']);
  });

  it('lists every route the server registers, and no route the server does not register', () => {
    expect(registered.size).toBeGreaterThan(100);
    const doc = documentedRoutes(readFileSync(DOC, 'utf8'));
    const missingFromDoc = [...registered].filter((r) => !doc.has(r)).sort();
    const notRegistered = [...doc].filter((r) => !registered.has(r)).sort();
    expect({ missingFromDoc, notRegistered }).toEqual({ missingFromDoc: [], notRegistered: [] });
  });
});
