import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../../../lib/api-client';

/**
 * Puts an API failure's field errors (`details`, matched without regard to letter case) under their fields.
 * Returns true when every detail found its field (the form needs no other message).
 */
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
): boolean {
  if (!(error instanceof ApiError) || !error.details || Object.keys(error.details).length === 0) return false;
  const byLower = new Map(fields.map((f) => [f.toLowerCase(), f]));
  let placed = 0;
  let unplaced = false;
  for (const [key, messages] of Object.entries(error.details)) {
    const field = byLower.get(key.toLowerCase());
    if (field && messages.length > 0) {
      setError(field, { type: 'server', message: messages.join(' ') }, { shouldFocus: placed === 0 });
      placed += 1;
    } else {
      unplaced = true;
    }
  }
  return placed > 0 && !unplaced;
}
