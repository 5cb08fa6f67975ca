import type { FieldError } from 'react-hook-form';

/**
 * The message of a field typed as one text but checked as a list (part numbers one per line, aliases
 * separated by commas): the list's own message, else the first item refused, named by its text, since
 * the check reports it by its place in the list, which the person typing does not see.
 */
export function listFieldMessage(error: unknown, items: readonly string[]): string | undefined {
  if (!error) return undefined;
  const own = (error as FieldError).message;
  if (typeof own === 'string') return own;
  if (!Array.isArray(error)) return undefined;
  const index = error.findIndex((entry) => typeof (entry as FieldError | undefined)?.message === 'string');
  if (index < 0) return undefined;
  const message = (error[index] as FieldError).message as string;
  const item = items[index];
  return item === undefined ? message : `${message}: “${item}”`;
}
