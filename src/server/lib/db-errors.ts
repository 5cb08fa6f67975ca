/** What a database failure means for the request that met it. Drizzle wraps driver errors, so causes count. */

function* causes(error: unknown): Generator<{ code?: unknown; message?: unknown; constraint?: unknown }> {
  for (
    let current = error as
      | { code?: unknown; message?: unknown; constraint?: unknown; cause?: unknown }
      | undefined;
    current && typeof current === 'object';
    current = current.cause as typeof current
  ) {
    yield current;
  }
}

const hasCode = (error: unknown, codes: ReadonlySet<string>) => {
  for (const cause of causes(error)) if (typeof cause.code === 'string' && codes.has(cause.code)) return true;
  return false;
};

const UNIQUE_VIOLATION = new Set(['23505']);
/** Serialization failure and deadlock: the transaction lost a race and may simply run again. */
const RETRYABLE = new Set(['40001', '40P01']);
/**
 * The database is away or too slow right now: connection failures and shutdowns (08…, 57P01–57P03),
 * too many connections (53300), and our own bounds — statement, lock and idle-transaction timeouts
 * (57014, 55P03, 25P03) — plus races still lost after every retry.
 */
const UNAVAILABLE = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08006',
  '53300',
  '57014',
  '55P03',
  '25P03',
  ...RETRYABLE,
]);
const UNAVAILABLE_MESSAGE =
  /Connection terminated|timeout exceeded when trying to connect|not queryable|database did not answer/i;

/** A unique violation; of the named constraint or unique index only, when one is given. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (const cause of causes(error))
    if (
      typeof cause.code === 'string' &&
      UNIQUE_VIOLATION.has(cause.code) &&
      (constraint === undefined || cause.constraint === constraint)
    )
      return true;
  return false;
}

export const isRetryableConflict = (error: unknown) => hasCode(error, RETRYABLE);

export function isDatabaseUnavailable(error: unknown): boolean {
  if (hasCode(error, UNAVAILABLE)) return true;
  for (const cause of causes(error))
    if (typeof cause.message === 'string' && UNAVAILABLE_MESSAGE.test(cause.message)) return true;
  return false;
}
