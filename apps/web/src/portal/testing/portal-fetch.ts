import type { PortalAccount } from '@airlink/domain';
import { vi } from 'vitest';

type Answer = { status: number; body?: unknown };
type Handler = (body: unknown) => Answer;

/**
 * A fetch for portal tests: answers by 'METHOD /path' from the table (a handler or a list of answers given in turn,
 * the last one repeated); records every call. An unknown address is a 404.
 */
export function stubPortalFetch(routes: Record<string, Answer | Answer[] | Handler>) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  const turns = new Map<string, number>();
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input);
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    calls.push({ method, path, body });
    const key = `${method} ${path}`;
    const route = routes[key];
    let answer: Answer;
    if (!route) answer = { status: 404, body: { error: 'not_found', message: 'No existe.' } };
    else if (typeof route === 'function') answer = route(body);
    else if (Array.isArray(route)) {
      const n = turns.get(key) ?? 0;
      turns.set(key, n + 1);
      answer = route[Math.min(n, route.length - 1)]!;
    } else answer = route;
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls };
}

export const account = (over: Partial<PortalAccount> = {}): PortalAccount => ({
  nombre: 'María López',
  direccion: 'Calle Hidalgo 12, Tizayuca',
  plan: { nombre: 'Residencial 20', bajadaMbps: 20, subidaMbps: 5 },
  montoMensual: 349,
  pagadoHasta: '2026-11-30',
  estado: 'al_corriente',
  estadoTexto: 'Al corriente',
  diasRetraso: 0,
  fechaCorte: '2026-12-05',
  saldoAFavor: 0,
  montoAPagar: 349,
  cuentasBancarias: [{ banco: 'BBVA', titular: 'AirLink SA de CV', clabe: '012290001234567891' }],
  pagoEnLinea: true,
  ...over,
});
