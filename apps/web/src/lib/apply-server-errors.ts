import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client';

/**
 * Puts an API failure onto a form: field errors (`details`, matched without regard to letter case)
 * go under their fields, the first one focused. Returns the message for the whole form, or null when
 * every detail found its field. The inputs keep what was typed.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
): string | null {
  if (!(error instanceof ApiError)) {
    return error instanceof Error && error.message ? error.message : 'No se pudo guardar. Intenta de nuevo.';
  }
  const byLower = new Map(fields.map((f) => [f.toLowerCase(), f]));
  let unplaced = false;
  let first = true;
  for (const [key, messages] of Object.entries(error.details ?? {})) {
    const field = byLower.get(key.toLowerCase());
    if (field && messages.length > 0) {
      setError(field, { type: 'server', message: messages.join(' ') }, { shouldFocus: first });
      first = false;
    } else {
      unplaced = true;
    }
  }
  return first || unplaced ? error.message : null;
}
