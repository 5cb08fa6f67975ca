import type { ApiErrorBody } from '#shared/error.ts';

/**
 * A refusal made by the HTTP edge itself (a body the routing layer cannot take, an unknown auth
 * endpoint), with its status. Services never throw it: they throw domain errors (lib/domain-errors.ts),
 * which error-handler.ts maps to statuses.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export function errorBody(code: string, message: string, fields?: Record<string, string>): ApiErrorBody {
  return { error: fields ? { code, message, fields } : { code, message } };
}
