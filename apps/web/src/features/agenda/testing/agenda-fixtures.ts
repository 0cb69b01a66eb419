import { type AgendaEvent } from '@airlink/domain';

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
