import { z } from '../zod';
import { dateTimeInput, jsonId, lineText, multilineText } from '../http/input';

/** POST /api/agenda: a technician visit for a customer (docs/business-rules.md "Support, logs and visits"; docs/api-contract.md "Customers and contracts"). */
export const visitInputSchema = z.object({
  idCliente: jsonId('Falta el cliente'),
  fechaEvento: dateTimeInput('Elige la fecha y hora de la visita').describe(
    'ISO 8601; without an offset (2026-12-07T10:30:00) it is BUSINESS_TZ local time',
  ),
  accionRealizar: lineText({ error: 'Escribe la acción a realizar' })
    .min(1, 'Escribe la acción a realizar')
    .max(150, 'La acción: máximo 150 caracteres'),
  titulo: lineText({ error: 'El título es obligatorio' })
    .min(1, 'El título es obligatorio')
    .max(150, 'El título: máximo 150 caracteres'),
  descripcion: multilineText().max(2000, 'La descripción: máximo 2000 caracteres').default(''),
});
export type VisitInput = z.infer<typeof visitInputSchema>;
export type VisitFormValues = z.input<typeof visitInputSchema>;

export const agendaEventSchema = z.object({
  id: z.number().int(),
  idCliente: z.number().int().nullable(),
  idcliente: z.string().nullable().describe('Display id of the customer'),
  nombreCliente: z.string().nullable(),
  fechaEvento: z.string(),
  fechaFin: z.string().describe('fechaEvento + 30 minutes'),
  accionRealizar: z.string(),
  titulo: z.string(),
  descripcion: z.string(),
  usuario: z.string().nullable(),
  fechaCreacion: z.string(),
});
export type AgendaEvent = z.infer<typeof agendaEventSchema>;

/** GET /api/agenda: events in [desde, hasta); without a range, from 7 days ago to 60 days ahead. */
export const agendaQuerySchema = z.object({
  desde: dateTimeInput('Fecha inicial inválida').optional(),
  hasta: dateTimeInput('Fecha final inválida').optional(),
});
// Their order is checked by the service once both are instants (either may be business time-zone time).
export type AgendaQuery = z.infer<typeof agendaQuerySchema>;
