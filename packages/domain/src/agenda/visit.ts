import { z } from 'zod';
import { idSchema } from '../http/ids';

/** POST /api/agenda: a technician visit for a customer (spec 000 sections 2 and 7). */
export const visitInputSchema = z.object({
  idCliente: z.coerce.number({ error: 'Falta el cliente' }).pipe(idSchema),
  fechaEvento: z.iso.datetime({ offset: true, error: 'Elige la fecha y hora de la visita' }),
  accionRealizar: z
    .string({ error: 'Escribe la acción a realizar' })
    .trim()
    .min(1, 'Escribe la acción a realizar')
    .max(150, 'La acción: máximo 150 caracteres'),
  titulo: z.string({ error: 'El título es obligatorio' }).trim().min(1, 'El título es obligatorio').max(150, 'El título: máximo 150 caracteres'),
  descripcion: z.string().trim().max(2000, 'La descripción: máximo 2000 caracteres').default(''),
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
export const agendaQuerySchema = z
  .object({
    desde: z.iso.datetime({ offset: true, error: 'Fecha inicial inválida' }).optional(),
    hasta: z.iso.datetime({ offset: true, error: 'Fecha final inválida' }).optional(),
  })
  .refine((v) => !v.desde || !v.hasta || Date.parse(v.desde) < Date.parse(v.hasta), { message: 'La fecha inicial debe ser antes de la final' });
export type AgendaQuery = z.infer<typeof agendaQuerySchema>;
