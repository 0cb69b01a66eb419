import { vi } from 'vitest';

export type MockReply =
  | { status?: number; body?: unknown }
  | ((req: { method: string; body: unknown }) => { status?: number; body?: unknown });

export interface FetchCall {
  method: string;
  path: string;
  body: unknown;
  headers: Record<string, string>;
}

/**
 * Replaces global fetch with a table of replies keyed by 'METHOD /path' (query string ignored).
 * Unlisted requests answer 404 with the API's error body.
 */
export function mockFetch(routes: Record<string, MockReply>) {
  const calls: FetchCall[] = [];
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, path: url.pathname, body, headers: (init?.headers ?? {}) as Record<string, string> });
    const route = routes[`${method} ${url.pathname}`];
    const reply = typeof route === 'function' ? route({ method, body }) : route;
    if (!reply) {
      return new Response(JSON.stringify({ error: 'not_found', message: 'No encontrado' }), { status: 404 });
    }
    const status = reply.status ?? 200;
    if (status === 204 || reply.body === undefined)
      return new Response(null, { status: status === 200 ? 204 : status });
    return new Response(JSON.stringify(reply.body), { status, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fn);
  return { fn, calls };
}

/** An unsigned JWT-shaped token whose exp claim is `secondsFromNow` away. */
export function fakeToken(secondsFromNow = 8 * 3600, sub = '1'): string {
  const b64 = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ sub, exp: Math.floor(Date.now() / 1000) + secondsFromNow })}.firma`;
}
