import type { PortalAccount } from '@airlink/domain';
import { mockFetch, type Reply } from '../../lib/testing/fetch-mock';

/**
 * The app's fetch mock (lib/testing/fetch-mock) for portal tests, where a route may also be a list of replies given
 * in turn (the last one repeated): a code refused then accepted, a payment pending then approved.
 */
export function stubPortalFetch(routes: Record<string, Reply | Reply[]>) {
  const table = Object.fromEntries(
    Object.entries(routes).map(([key, reply]) => {
      if (!Array.isArray(reply)) return [key, reply];
      let turn = 0;
      return [key, () => reply[Math.min(turn++, reply.length - 1)]!];
    }),
  );
  return mockFetch(table);
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
