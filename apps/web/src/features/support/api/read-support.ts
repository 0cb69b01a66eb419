import {
  assigneeSchema,
  pagedSchema,
  supportCountersSchema,
  supportTicketDetailSchema,
  supportTicketSchema,
  type Assignee,
  type Paged,
  type SupportCounters,
  type SupportTicket,
  type SupportTicketDetail,
  z,
} from '@airlink/domain';

const pagedTickets = pagedSchema(supportTicketSchema);
const assignees = z.array(assigneeSchema);

function read<T>(schema: z.ZodType<T>, data: unknown, what: string): T {
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw new Error(`${what} llegó en un formato inesperado.`);
  return parsed.data;
}

/** Checks the API's answers against the shared schemas; a mismatch is reported in Spanish. */
export const readTicket = (data: unknown): SupportTicket => read(supportTicketSchema, data, 'El ticket');
export const readTicketDetail = (data: unknown): SupportTicketDetail =>
  read(supportTicketDetailSchema, data, 'El ticket');
export const readTicketPage = (data: unknown): Paged<SupportTicket> => read(pagedTickets, data, 'La lista de tickets');
export const readCounters = (data: unknown): SupportCounters =>
  read(supportCountersSchema, data, 'El resumen de tickets');
export const readAssignees = (data: unknown): Assignee[] => read(assignees, data, 'La lista de personal');
