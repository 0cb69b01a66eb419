import { vi } from 'vitest';

/** One request the page made, as the mock saw it. */
export interface FetchCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  headers: Record<string, string>;
}

/**
 * A JSON `body` (none: 204, or the status given), or `text` sent as is with its own `headers`.
 * `network` fails the request as a dropped connection.
 */
export interface Reply {
  status?: number;
  body?: unknown;
  text?: string;
  headers?: Record<string, string>;
  network?: boolean;
}
/** A reply, or a function of the call giving one (a promise of one: an answer still on its way). */
export type MockReply = Reply | ((call: FetchCall) => Reply | Promise<Reply>);

/**
 * Replaces global fetch with a table of replies keyed by 'METHOD /path' (query string ignored) and
 * records every call with its query, body and headers. Unlisted requests answer 404 with the API's
 * error body.
 */
export function mockFetch(routes: Record<string, MockReply>) {
  const calls: FetchCall[] = [];
  const fn = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const call: FetchCall = {
      method: (init.method ?? 'GET').toUpperCase(),
      path: url.pathname,
      query: url.searchParams,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      headers: { ...((init.headers ?? {}) as Record<string, string>) },
    };
    calls.push(call);
    const route = routes[`${call.method} ${call.path}`];
    const reply = typeof route === 'function' ? await route(call) : route;
    if (reply?.network) throw new TypeError('Failed to fetch');
    const { status = 200, body, text, headers } = reply ?? NOT_FOUND;
    if (text !== undefined) return new Response(text, { status, headers });
    if (body === undefined) return new Response(null, { status: status === 200 ? 204 : status, headers });
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
  });
  vi.stubGlobal('fetch', fn);
  return {
    fn,
    calls,
    /** Calls of 'METHOD /path'. */
    of: (key: string) => calls.filter((c) => `${c.method} ${c.path}` === key),
  };
}

const NOT_FOUND: Reply = { status: 404, body: { error: 'not_found', message: 'No encontrado' } };

/** An unsigned JWT-shaped token whose exp claim is `secondsFromNow` away. */
export function fakeToken(secondsFromNow = 8 * 3600, sub = '1'): string {
  const b64 = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ sub, exp: Math.floor(Date.now() / 1000) + secondsFromNow })}.firma`;
}
