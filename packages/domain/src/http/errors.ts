import { z } from '../zod';
import { lineText, queryInt } from './input';

/** Every API error body: a code, a Spanish message a person can act on, field errors when relevant. */
export const apiErrorSchema = z.object({
  error: z.string(),
  message: z.string(),
  details: z.record(z.string(), z.array(z.string())).optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

export const healthSchema = z.object({
  status: z.literal('ok'),
  db: z.enum(['pglite', 'postgres']),
  version: z.string(),
});

/** Standard paging and sorting query for server-side lists (what the web's useServerTable sends). */
export const pageQuerySchema = z.object({
  page: queryInt('La página debe ser un número').default(0),
  pageSize: queryInt('El tamaño de página debe ser un número', {
    min: 1,
    max: 100,
    rangeMessage: 'El tamaño de página va de 1 a 100',
  }).default(10),
  sort: lineText().max(50).optional(),
  dir: z.enum(['asc', 'desc'], { error: 'El orden debe ser asc o desc' }).default('asc'),
});
