import type { ApiErrorBody } from '../../shared/error';

/** An expected failure with a status and a message meant for the person using the shop. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const notFound = (what = 'This item') => new AppError(404, 'not_found', `${what} was not found.`);

export const badRequest = (message: string, fields?: Record<string, string>) =>
  new AppError(400, 'validation_failed', message, fields);

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
  new AppError(
    429,
    'rate_limited',
    `Too many requests. Please try again in ${describeSeconds(retryAfterSeconds)}.`,
    undefined,
    { 'retry-after': String(retryAfterSeconds) },
  );

/** The database is away or too slow: the request may simply be sent again in a moment. */
export const databaseUnavailable = () =>
  new AppError(
    503,
    'service_unavailable',
    'The shop is briefly unavailable. Please try again in a few seconds.',
    undefined,
    { 'retry-after': '5' },
  );

export function errorBody(code: string, message: string, fields?: Record<string, string>): ApiErrorBody {
  return { error: fields ? { code, message, fields } : { code, message } };
}

function describeSeconds(seconds: number): string {
  if (seconds < 90) return `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minutes`;
}
