import { vi } from 'vitest';

export interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  headers: Record<string, string>;
}
/** A JSON body, or `text` sent as is (with its own headers). `network` fails as a dropped connection. */
type Reply = { status?: number; body?: unknown; text?: string; headers?: Record<string, string>; network?: boolean };
export type Route = Reply | ((call: Call) => Reply);

/** Global fetch answering from a table keyed 'METHOD /path'; records every call with query, body and headers. */
export function mockApi(routes: Record<string, Route>) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://localhost');
      const call: Call = {
        method: (init.method ?? 'GET').toUpperCase(),
        path: url.pathname,
        query: url.searchParams,
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
        headers: { ...((init.headers ?? {}) as Record<string, string>) },
      };
      calls.push(call);
      const route = routes[`${call.method} ${call.path}`];
      const reply = typeof route === 'function' ? route(call) : route;
      if (reply?.network) throw new TypeError('Failed to fetch');
      const {
        status = 200,
        body,
        text,
        headers,
      } = reply ?? {
        status: 404,
        body: { error: 'not_found', message: 'No encontrado' },
      };
      if (text !== undefined) return new Response(text, { status, headers });
      return new Response(body === undefined ? null : JSON.stringify(body), {
        status,
        headers: { 'Content-Type': 'application/json', ...headers },
      });
    }),
  );
  return {
    calls,
    /** Calls of 'METHOD /path'. */
    of: (key: string) => calls.filter((c) => `${c.method} ${c.path}` === key),
  };
}
