import { ApiError } from './api-client';

/** A failure as a sentence for the person using the shop. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return 'Something went wrong. Please try again.';
}
