import { type AgendaEvent } from '@airlink/domain';
import { vi } from 'vitest';

/** A visit at this instant (30 minutes long). */
export function makeVisit(id: number, fechaEvento: string, overrides: Partial<AgendaEvent> = {}): AgendaEvent {
  return {
    id,
    idCliente: 7,
    idcliente: '260007JuanPerezHidalgo12Centro',
    nombreCliente: 'Juan Pérez',
    fechaEvento,
    fechaFin: new Date(Date.parse(fechaEvento) + 30 * 60_000).toISOString(),
    accionRealizar: 'Instalación',
    titulo: `Visita ${id}`,
    descripcion: '',
    usuario: 'Ana Pérez',
    fechaCreacion: '2026-03-01T16:00:00.000Z',
    ...overrides,
  };
}

export interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}
type Reply = { status?: number; body?: unknown };
export type Route = Reply | ((call: Call) => Reply);

/** Global fetch answering from a table keyed 'METHOD /path'; records every call with its query string. */
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
      };
      calls.push(call);
      const route = routes[`${call.method} ${call.path}`];
      const reply = typeof route === 'function' ? route(call) : route;
      const { status = 200, body } = reply ?? { status: 404, body: { error: 'not_found', message: 'No encontrado' } };
      return new Response(body === undefined ? null : JSON.stringify(body), {
        status,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return { calls, of: (key: string) => calls.filter((c) => `${c.method} ${c.path}` === key) };
}
