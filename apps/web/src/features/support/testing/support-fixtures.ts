import { type SupportTicket, type SupportTicketDetail } from '@airlink/domain';

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
    origen: 'personal',
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
