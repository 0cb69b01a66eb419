import { agendaEventSchema, pagedSchema, type AgendaEvent, type Paged, z } from '@airlink/domain';

const events = z.array(agendaEventSchema);
const pagedEvents = pagedSchema(agendaEventSchema);

/** Checks the API's answers against the shared schemas; a mismatch is reported in Spanish. */
export function readAgendaEvent(data: unknown): AgendaEvent {
  const parsed = agendaEventSchema.safeParse(data);
  if (!parsed.success) throw new Error('La visita llegó en un formato inesperado.');
  return parsed.data;
}

export function readAgendaEvents(data: unknown): AgendaEvent[] {
  const parsed = events.safeParse(data);
  if (!parsed.success) throw new Error('La agenda llegó en un formato inesperado.');
  return parsed.data;
}

export function readAgendaPage(data: unknown): Paged<AgendaEvent> {
  const parsed = pagedEvents.safeParse(data);
  if (!parsed.success) throw new Error('Las visitas del cliente llegaron en un formato inesperado.');
  return parsed.data;
}
