import { type SupportTicket, type SupportTicketDetail } from '@airlink/domain';
import { vi } from 'vitest';

export function makeTicket(id: number, overrides: Partial<SupportTicket> = {}): SupportTicket {
  return {
    id,
    idCliente: 7,
    idContrato: 7,
    idcliente: '260007JuanPerezHidalgo12Centro',
    nombreCliente: 'Juan Pérez',
    titulo: `Sin servicio ${id}`,
    observaciones: 'El cliente reporta que no navega desde la mañana.',
    telefonoCliente: '7711234567',
    prioridad: 4,
    estado: 'Abierto',
    asignadoA: null,
    asignadoNombre: null,
    creadoPor: 'Ana Pérez',
    createdAt: '2026-03-10T16:00:00.000Z',
    updatedAt: '2026-03-10T16:00:00.000Z',
    ...overrides,
  };
}

export function makeDetail(
  ticket: SupportTicket,
  historial: SupportTicketDetail['historial'] = [],
): SupportTicketDetail {
  return {
    ...ticket,
    historial: historial.length
      ? historial
      : [{ id: 1, at: ticket.createdAt, usuario: 'Ana Pérez', campo: 'creado', antes: null, despues: null }],
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
  return {
    calls,
    /** Calls of 'METHOD /path'. */
    of: (key: string) => calls.filter((c) => `${c.method} ${c.path}` === key),
  };
}
