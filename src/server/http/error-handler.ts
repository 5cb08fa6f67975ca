import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../lib/db-errors';
import { PaymentProviderError, providerFailureAnswer } from '../payments/provider-errors';
import { AppError, databaseUnavailable, errorBody } from './errors';

function validationFields(error: FastifyError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.validation ?? []) {
    const path =
      issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || error.validationContext || 'body';
    fields[path] ??= issue.message ?? 'Invalid value';
  }
  return fields;
}

function sendAppError(reply: FastifyReply, error: AppError) {
  if (error.headers) reply.headers(error.headers);
  return reply.code(error.statusCode).send(errorBody(error.code, error.message, error.fields));
}

/** Every failure leaves as the one error body (src/shared/error.ts); nothing internal (stack, SQL) reaches the client. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof PaymentProviderError) {
      // Refusals usually need someone to look (a key, a setting); outages pass.
      request.log[error.kind === 'refused' ? 'error' : 'warn']({ err: error }, 'payment provider failed');
      return sendAppError(reply, providerFailureAnswer(error));
    }
    if (error instanceof AppError) return sendAppError(reply, error);
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
      return sendAppError(reply, databaseUnavailable());
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
