import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Conflict,
  type DomainError,
  databaseUnavailable,
  Forbidden,
  Invalid,
  Mismatch,
  NotFound,
  NotSignedIn,
  notFound,
  PaymentRefused,
  ProviderFailed,
  TooMany,
  tooManyRequests,
  Unavailable,
} from '#server/lib/domain-errors.ts';
import { HTTP_STATUS, httpStatusOf, registerErrorHandling } from './error-handler';
import { AppError } from './errors';

/** Services throw domain errors; this edge alone turns each into a status, our error body and Retry-After. */
describe('domain errors at the HTTP edge', () => {
  const thrown: Record<string, () => Error> = {};
  const app = Fastify({ logger: false });
  beforeAll(async () => {
    registerErrorHandling(app);
    app.get('/throw/:name', async (request) => {
      throw thrown[(request.params as { name: string }).name]!();
    });
    await app.ready();
  });
  afterAll(() => app.close());

  const answer = async (error: () => Error) => {
    const name = `e${Object.keys(thrown).length}`;
    thrown[name] = error;
    const response = await app.inject({ method: 'GET', url: `/throw/${name}` });
    return {
      status: response.statusCode,
      body: response.json(),
      retryAfter: response.headers['retry-after'],
    };
  };

  it.each<[string, () => DomainError, number]>([
    ['invalid', () => new Invalid('cart_empty', 'Your cart is empty.'), 400],
    ['not signed in', () => new NotSignedIn('unauthorized', 'Please log in to continue.'), 401],
    ['payment refused', () => new PaymentRefused('card_declined', 'Your card was declined.'), 402],
    ['forbidden', () => new Forbidden('forbidden', 'This is not available for your account.'), 403],
    ['not found', () => new NotFound('not_found', 'Order was not found.'), 404],
    ['conflict', () => new Conflict('out_of_stock', 'Only 2 left.'), 409],
    ['mismatch', () => new Mismatch('idempotency_key_reused', 'That key was used for another order.'), 422],
    ['too many', () => new TooMany('too_many_unpaid_orders', 'Pay or remove one first'), 429],
    ['provider failed', () => new ProviderFailed('payment_provider_refused', 'Refused.'), 502],
    ['unavailable', () => new Unavailable('busy', 'Please try again.'), 503],
  ])('%s → %i with the error body', async (_kind, make, status) => {
    const error = make();
    expect(HTTP_STATUS[error.kind]).toBe(status);
    expect(httpStatusOf(error)).toBe(status);
    expect(await answer(make)).toEqual({
      status,
      body: { error: { code: error.code, message: error.message } },
      retryAfter: undefined,
    });
  });

  it('sends the fields of an invalid input, and Retry-After when asking again may work', async () => {
    const fields = { quantity: 'Enter at least 1' };
    expect(await answer(() => new Invalid('below_minimum', 'Enter at least 1', fields))).toEqual({
      status: 400,
      body: { error: { code: 'below_minimum', message: 'Enter at least 1', fields } },
      retryAfter: undefined,
    });
    expect(await answer(() => tooManyRequests(120))).toEqual({
      status: 429,
      body: { error: { code: 'rate_limited', message: 'Too many requests. Please try again in 2 minutes.' } },
      retryAfter: '120',
    });
    expect((await answer(databaseUnavailable)).retryAfter).toBe('5');
    expect((await answer(() => notFound('Order'))).body).toEqual({
      error: { code: 'not_found', message: 'Order was not found.' },
    });
  });

  it('keeps the edge’s own refusals, and never shows what an unexpected error says', async () => {
    const unsupported = () => new AppError(415, 'unsupported_media_type', 'Send the request body as JSON.');
    expect(httpStatusOf(unsupported())).toBe(415);
    expect((await answer(unsupported)).status).toBe(415);
    const bug = await answer(() => new Error('relation "secret_table" does not exist'));
    expect(bug).toEqual({
      status: 500,
      body: {
        error: { code: 'internal_error', message: 'Something went wrong on our side. Please try again.' },
      },
      retryAfter: undefined,
    });
    expect(httpStatusOf(new Error('x'))).toBe(500);
  });
});
