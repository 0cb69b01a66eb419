import {
  priorityLabel,
  type SupportHistoryEntry,
  type SupportStatus,
  type SupportTicket,
  type SupportTicketUpdate,
} from '@airlink/domain';

/** What the ticket detail's management controls hold. `asignadoA` null = Sin asignar. */
export interface TicketManageValues {
  estado: SupportStatus;
  prioridad: number;
  asignadoA: number | null;
  nota: string;
}

export function manageValuesOf(ticket: SupportTicket): TicketManageValues {
  return { estado: ticket.estado, prioridad: ticket.prioridad, asignadoA: ticket.asignadoA, nota: '' };
}

/** The PUT /api/soporte/{id} body: only what changed (and the note when written); null when nothing did. */
export function ticketChanges(ticket: SupportTicket, values: TicketManageValues): SupportTicketUpdate | null {
  const changes: SupportTicketUpdate = {};
  if (values.estado !== ticket.estado) changes.estado = values.estado;
  if (values.prioridad !== ticket.prioridad) changes.prioridad = values.prioridad;
  if (values.asignadoA !== ticket.asignadoA) changes.asignadoA = values.asignadoA;
  const nota = values.nota.trim();
  if (nota) changes.nota = nota;
  return Object.keys(changes).length > 0 ? changes : null;
}

const priorityText = (v: string | null) => (v !== null && /^\d+$/.test(v) ? priorityLabel(Number(v)) : v);

/** One history row in Spanish: what happened, and the before → after when there is one. */
export function historyText(entry: SupportHistoryEntry): { title: string; detail: string | null } {
  const arrow = (a: string | null, b: string | null) => `${a ?? '—'} → ${b ?? '—'}`;
  switch (entry.campo) {
    case 'creado':
      return { title: 'Creó el ticket', detail: entry.despues };
    case 'estado':
      return { title: 'Cambió el estado', detail: arrow(entry.antes, entry.despues) };
    case 'prioridad':
      return { title: 'Cambió la prioridad', detail: arrow(priorityText(entry.antes), priorityText(entry.despues)) };
    case 'asignadoA':
      return {
        title: entry.despues ? 'Asignó el ticket' : 'Quitó la asignación',
        detail: arrow(entry.antes ?? 'Sin asignar', entry.despues ?? 'Sin asignar'),
      };
    case 'nota':
      return { title: 'Agregó una nota', detail: entry.despues };
    default:
      return { title: `Cambió ${entry.campo}`, detail: arrow(entry.antes, entry.despues) };
  }
}
