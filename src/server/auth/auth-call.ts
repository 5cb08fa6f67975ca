import { AsyncLocalStorage } from 'node:async_hooks';
import { isDatabaseUnavailable } from '#server/lib/db-errors.ts';

interface AuthCall {
  databaseUnavailable: boolean;
}

const current = new AsyncLocalStorage<AuthCall>();

/**
 * Called with whatever the auth library logs as an error. Some of its endpoints catch a database
 * failure and answer their own 422 or 500 (sign-up's "failed to create user"); the failure itself only
 * reaches its log. Noting it here lets the call answer 503, as every other route does when the database
 * is away.
 */
export function noteAuthError(error: unknown): void {
  const call = current.getStore();
  if (call && isDatabaseUnavailable(error)) call.databaseUnavailable = true;
}

/** Runs one call into the auth library, and says whether the database failed under it. */
export async function runAuthCall<T>(
  work: () => Promise<T>,
): Promise<{ result: T; databaseUnavailable: boolean }> {
  const call: AuthCall = { databaseUnavailable: false };
  const result = await current.run(call, work);
  return { result, databaseUnavailable: call.databaseUnavailable };
}
