import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * A resolver for a form whose values are shaped into the payload (`shape`) and checked with the domain's
 * schema; each issue lands under the form field named by the first segment of its path (a list such as
 * `telefonos.1` or `festivos.0.fecha` shows under `telefonos` / `festivos`), the first message of each.
 */
export function fieldResolver<TValues extends FieldValues, TOutput>(
  schema: z.ZodType<TOutput>,
  shape: (values: TValues) => unknown,
): Resolver<TValues, unknown, TOutput> {
  return (values) => {
    const parsed = schema.safeParse(shape(values));
    if (parsed.success) return { values: parsed.data, errors: {} };
    const errors: Record<string, { type: string; message: string }> = {};
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? 'root');
      errors[field] ??= { type: 'validation', message: issue.message };
    }
    return { values: {}, errors: errors as FieldErrors<TValues> };
  };
}
