/**
 * The failures services report, named for what went wrong in the shop rather than for HTTP: the one
 * edge (http/error-handler.ts) answers each kind with its status and the one error body. A service
 * throws these and never knows a status code; callers branch on the class (`instanceof Conflict`).
 */
export abstract class DomainError extends Error {
  abstract readonly kind: DomainErrorKind;
  constructor(
    /** The stable, machine-readable reason (`out_of_stock`), sent as the error body's `code`. */
    readonly code: string,
    /** The sentence for the person using the shop. */
    message: string,
    /** Per input field: what is wrong with it. */
    readonly fields?: Record<string, string>,
    /** When asking again may work: after this many seconds. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

/** The input is wrong: a value out of range, a missing address, an empty cart. */
export class Invalid extends DomainError {
  readonly kind = 'invalid';
}
/** Nobody is signed in where an account is needed. */
export class NotSignedIn extends DomainError {
  readonly kind = 'not_signed_in';
}
/** The one asking may not do this (their role, or it is not theirs to do). */
export class Forbidden extends DomainError {
  readonly kind = 'forbidden';
}
/** No such thing, or none the one asking may see. */
export class NotFound extends DomainError {
  readonly kind = 'not_found';
}
/** The thing is not in a state that allows it: stock gone, a move the order's table refuses, a name taken. */
export class Conflict extends DomainError {
  readonly kind = 'conflict';
}
/** A payment was declined or could not be confirmed. */
export class PaymentRefused extends DomainError {
  readonly kind = 'payment_refused';
}
/** The same request key was sent again with something else (an idempotency key reused for another order). */
export class Mismatch extends DomainError {
  readonly kind = 'mismatch';
}
/** Too many at once: orders left unpaid, attempts within a window. */
export class TooMany extends DomainError {
  readonly kind = 'too_many';
}
/** Something we depend on (the database, a worker) is away for a moment. */
export class Unavailable extends DomainError {
  readonly kind = 'unavailable';
}
/** A provider (the payment service) answered with a failure of its own. */
export class ProviderFailed extends DomainError {
  readonly kind = 'provider_failed';
}

export type DomainErrorKind =
  | 'invalid'
  | 'not_signed_in'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'payment_refused'
  | 'mismatch'
  | 'too_many'
  | 'unavailable'
  | 'provider_failed';

export const notFound = (what = 'This item') => new NotFound('not_found', `${what} was not found.`);

export const invalid = (message: string, fields?: Record<string, string>) =>
  new Invalid('validation_failed', message, fields);

/** A schema's issues as our error's fields, the first message per field, each path under `prefix`. */
export function fieldsOf(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  prefix: readonly string[] = [],
): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) fields[[...prefix, ...issue.path.map(String)].join('.')] ??= issue.message;
  return fields;
}

export const tooManyRequests = (retryAfterSeconds: number) =>
  new TooMany(
    'rate_limited',
    `Too many requests. Please try again in ${describeSeconds(retryAfterSeconds)}.`,
    undefined,
    retryAfterSeconds,
  );

/** The database is away or too slow: the request may simply be sent again in a moment. */
export const databaseUnavailable = () =>
  new Unavailable(
    'service_unavailable',
    'The shop is briefly unavailable. Please try again in a few seconds.',
    undefined,
    5,
  );

function describeSeconds(seconds: number): string {
  if (seconds < 90) return `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minutes`;
}
