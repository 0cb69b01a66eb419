import { z } from '../zod';
import { DEFAULT_SUPPORT_PRIORITY, SUPPORT_PRIORITIES, SUPPORT_STATUSES } from '../catalog/support';
import { pageQuerySchema } from '../http/errors';
import { idSchema } from '../http/ids';
import { jsonId, jsonInt, lineText, multilineText, queryInt } from '../http/input';

export function priorityLabel(value: number): string {
  return SUPPORT_PRIORITIES.find((p) => p.value === value)?.label ?? String(value);
}

const UNKNOWN_PRIORITY = 'Prioridad desconocida (1 Critico, 2 Urgente, 3 Normal, 4 Baja)';
const isPriority = (v: number) => SUPPORT_PRIORITIES.some((p) => p.value === v);
const priority = jsonInt('Elige una prioridad').refine(isPriority, UNKNOWN_PRIORITY);

/** POST /api/soporte (docs/api-contract.md "Customers and contracts"). idContrato equals idCliente: a customer is one contract. */
export const supportTicketInputSchema = z.object({
  idCliente: jsonId('Falta el cliente'),
  idContrato: jsonId().optional().describe('Ignorado: es el mismo idCliente'),
  titulo: lineText({ error: 'El título es obligatorio' })
    .min(1, 'El título es obligatorio')
    .max(150, 'El título: máximo 150 caracteres'),
  observaciones: multilineText().max(4000, 'Las observaciones: máximo 4000 caracteres').default(''),
  telefonoCliente: lineText()
    .max(20, 'El teléfono: máximo 20 caracteres')
    .refine((v) => v === '' || /^[+\d\s().-]{7,20}$/.test(v), 'Teléfono inválido')
    .default(''),
  prioridad: priority.default(DEFAULT_SUPPORT_PRIORITY),
});
export type SupportTicketInput = z.infer<typeof supportTicketInputSchema>;
export type SupportTicketFormValues = z.input<typeof supportTicketInputSchema>;

export const supportStatusSchema = z.enum(SUPPORT_STATUSES, {
  error: 'Estado desconocido (Abierto, En Progreso, Resuelto, Cerrado)',
});

/** PUT /api/soporte/{id}: change status, priority or assignee; a note goes into the history. */
export const supportTicketUpdateSchema = z
  .object({
    estado: supportStatusSchema.optional(),
    prioridad: priority.optional(),
    asignadoA: idSchema.nullable().optional().describe('User id, or null to unassign'),
    nota: multilineText().max(1000, 'La nota: máximo 1000 caracteres').optional(),
  })
  .refine((v) => v.estado !== undefined || v.prioridad !== undefined || v.asignadoA !== undefined || !!v.nota, {
    message: 'No hay cambios que guardar',
  });
export type SupportTicketUpdate = z.infer<typeof supportTicketUpdateSchema>;

export const supportTicketSchema = z.object({
  id: z.number().int(),
  idCliente: z.number().int(),
  idContrato: z.number().int(),
  idcliente: z.string().describe('Display id of the customer'),
  nombreCliente: z.string(),
  titulo: z.string(),
  observaciones: z.string(),
  telefonoCliente: z.string(),
  prioridad: z.number().int(),
  estado: supportStatusSchema,
  origen: z
    .enum(['personal', 'portal'])
    .describe("'portal': opened by the customer in the customer portal; 'personal': by staff"),
  asignadoA: z.number().int().nullable(),
  asignadoNombre: z.string().nullable(),
  creadoPor: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SupportTicket = z.infer<typeof supportTicketSchema>;

export const supportHistoryEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  usuario: z.string().nullable(),
  campo: z.string().describe('estado | prioridad | asignadoA | nota | creado'),
  antes: z.string().nullable(),
  despues: z.string().nullable(),
});
export type SupportHistoryEntry = z.infer<typeof supportHistoryEntrySchema>;

export const supportTicketDetailSchema = supportTicketSchema.extend({ historial: z.array(supportHistoryEntrySchema) });
export type SupportTicketDetail = z.infer<typeof supportTicketDetailSchema>;

/** GET /api/soporte: paged, filtered and searched on the server. */
export const supportListQuerySchema = z.object({
  page: pageQuerySchema.shape.page,
  pageSize: pageQuerySchema.shape.pageSize,
  sort: z
    .enum(['id', 'createdAt', 'updatedAt', 'prioridad', 'estado', 'titulo', 'nombreCliente'], {
      error: 'Orden desconocido',
    })
    .default('createdAt'),
  dir: z.enum(['asc', 'desc'], { error: 'El orden debe ser asc o desc' }).default('desc'),
  q: lineText().max(200).optional(),
  estado: supportStatusSchema.optional(),
  prioridad: queryInt(UNKNOWN_PRIORITY).refine(isPriority, UNKNOWN_PRIORITY).optional(),
  asignadoA: queryInt('Usuario inválido').optional().describe('0 = sin asignar'),
});
export type SupportListQuery = z.infer<typeof supportListQuerySchema>;

/** Counters of the support center: tickets per status. */
export const supportCountersSchema = z.object({
  Abierto: z.number().int(),
  'En Progreso': z.number().int(),
  Resuelto: z.number().int(),
  Cerrado: z.number().int(),
  total: z.number().int(),
});
export type SupportCounters = z.infer<typeof supportCountersSchema>;

/** Staff a ticket can be assigned to. */
export const assigneeSchema = z.object({ id: z.number().int(), nombre: z.string() });
export type Assignee = z.infer<typeof assigneeSchema>;
