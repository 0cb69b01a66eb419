import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../../../lib/api-client';
import { applyServerErrors } from '../../../lib/apply-server-errors';

/**
 * The shared `applyServerErrors`, plus the users' rule: on these forms a conflict is always the email
 * (409 `email_taken`), shown under the email field.
 */
export function applyUserServerErrors<T extends FieldValues>(
  error: unknown,
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
): string | null {
  const email = fields.find((f) => f.toLowerCase() === 'email');
  if (error instanceof ApiError && error.status === 409 && email) {
    setError(email, { type: 'server', message: error.message }, { shouldFocus: true });
    return null;
  }
  return applyServerErrors(error, fields, setError);
}
