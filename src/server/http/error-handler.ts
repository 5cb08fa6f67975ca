import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '#server/lib/db-errors.ts';
import { DomainError, type DomainErrorKind, databaseUnavailable } from '#server/lib/domain-errors.ts';
import { PaymentProviderError, providerFailureAnswer } from '#server/payments/provider-errors.ts';
import { AppError, errorBody } from './errors';

/** The one place a domain error becomes an HTTP status. */
export const HTTP_STATUS: Readonly<Record<DomainErrorKind, number>> = {
  invalid: 400,
  not_signed_in: 401,
  payment_refused: 402,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  mismatch: 422,
  too_many: 429,
  provider_failed: 502,
  unavailable: 503,
};

/** The status a failure is answered with (for callers that count answers, such as sign-in attempts). */
export function httpStatusOf(error: unknown): number {
  if (error instanceof DomainError) return HTTP_STATUS[error.kind];
  if (error instanceof AppError) return error.statusCode;
  return 500;
}

function validationFields(error: FastifyError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.validation ?? []) {
    const path =
      issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || error.validationContext || 'body';
    fields[path] ??= issue.message ?? 'Invalid value';
  }
  return fields;
}

function sendDomainError(reply: FastifyReply, error: DomainError) {
  if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
  return reply.code(HTTP_STATUS[error.kind]).send(errorBody(error.code, error.message, error.fields));
}

/** Every failure leaves as the one error body (src/shared/error.ts); nothing internal (stack, SQL) reaches the client. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof PaymentProviderError) {
      // Refusals usually need someone to look (a key, a setting); outages pass.
      request.log[error.kind === 'refused' ? 'error' : 'warn']({ err: error }, 'payment provider failed');
      return sendDomainError(reply, providerFailureAnswer(error));
    }
    if (error instanceof DomainError) return sendDomainError(reply, error);
    if (error instanceof AppError) {
      return reply.code(error.statusCode).send(errorBody(error.code, error.message));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = validationFields(error);
      const first = Object.entries(fields)[0];
      const message = first ? first[1] : 'The request is not valid.';
      return reply.code(400).send(errorBody('validation_failed', message, fields));
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.code(413).send(errorBody('payload_too_large', 'The request body is too large.'));
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply.code(415).send(errorBody('unsupported_media_type', 'Send the request body as JSON.'));
    }
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      return reply.code(400).send(errorBody('invalid_json', 'The request body is not valid JSON.'));
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return sendDomainError(reply, databaseUnavailable());
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send(errorBody('bad_request', error.message));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply
      .code(500)
      .send(errorBody('internal_error', 'Something went wrong on our side. Please try again.'));
  });
}
