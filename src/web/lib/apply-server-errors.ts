import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client';

/**
 * Shows the server's per-field messages under the matching inputs; returns the message for
 * everything else (or null when every problem belongs to a field of the form).
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  fieldNames: readonly Path<T>[],
  setError: UseFormSetError<T>,
): string | null {
  if (!(error instanceof ApiError)) return 'Something went wrong. Please try again.';
  let unmatched = Object.keys(error.fields).length === 0;
  for (const [field, message] of Object.entries(error.fields)) {
    if ((fieldNames as readonly string[]).includes(field)) setError(field as Path<T>, { message });
    else unmatched = true;
  }
  return unmatched ? error.message : null;
}
