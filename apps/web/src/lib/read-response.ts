import { type z } from 'zod';

/**
 * Checks an API answer against the shared schema. A mismatch is reported in Spanish instead of breaking
 * the screen further down: `what` completes "El servidor respondió … en un formato inesperado."
 */
export function readResponse<T extends z.ZodType>(schema: T, data: unknown, what: string): z.output<T> {
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    console.error(`Unexpected ${what}`, parsed.error.issues);
    throw new Error(`El servidor respondió ${what} en un formato inesperado.`);
  }
  return parsed.data;
}
