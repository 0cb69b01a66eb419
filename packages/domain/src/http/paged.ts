import { z } from '../zod';

/** One page of a server-side list and the size of the whole list (every paged route answers this). */
export interface Paged<T> {
  items: T[];
  total: number;
}

/** The zod schema of `Paged<T>` for an item schema: route responses and the web's readers use it. */
export function pagedSchema<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), total: z.number().int() });
}
