import { z } from 'zod';

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
  page: z.coerce.number({ error: 'La página debe ser un número' }).int().min(0).default(0),
  pageSize: z.coerce.number({ error: 'El tamaño de página debe ser un número' }).int().min(1).max(100).default(10),
  sort: z.string().trim().max(50).optional(),
  dir: z.enum(['asc', 'desc'], { error: 'El orden debe ser asc o desc' }).default('asc'),
});

export function pagedSchema<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), total: z.number().int() });
}
