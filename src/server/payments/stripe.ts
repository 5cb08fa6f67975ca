import Stripe from 'stripe';
import { CURRENCY, type PaymentIntentView, type PaymentProvider } from './provider';
import { PaymentProviderError } from './provider-errors';

export interface StripeSettings {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** https://api.stripe.com, or a local fake in tests. */
  apiUrl: string;
}

export function createStripeClient(settings: Pick<StripeSettings, 'secretKey' | 'apiUrl'>): Stripe {
  const api = new URL(settings.apiUrl);
  return new Stripe(settings.secretKey, {
    host: api.hostname,
    port: api.port || (api.protocol === 'https:' ? 443 : 80),
    protocol: api.protocol === 'https:' ? 'https' : 'http',
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
  });
}

const toView = (intent: Stripe.PaymentIntent): PaymentIntentView => ({
  id: intent.id,
  status: intent.status,
  amountCents: intent.amount,
  currency: intent.currency,
  orderId: intent.metadata?.orderId ?? null,
});

/**
 * Stripe's errors in the shop's terms (provider-errors.ts): a card error is a decline; no connection,
 * a timeout, a rate limit or Stripe's own failure (api_error, any 5xx) means Stripe is unavailable;
 * any other answer (a 4xx: bad request, key, permission, idempotency) is a refusal. Anything else
 * (not from Stripe) is left as it is.
 */
function fromStripeError(error: unknown): unknown {
  if (!(error instanceof Stripe.errors.StripeError)) return error;
  const detail = error.message || error.type;
  if (error instanceof Stripe.errors.StripeCardError)
    return new PaymentProviderError('card_declined', detail, error.code, { cause: error });
  if (
    error instanceof Stripe.errors.StripeConnectionError ||
    error instanceof Stripe.errors.StripeRateLimitError ||
    error instanceof Stripe.errors.StripeAPIError ||
    (error.statusCode ?? 0) >= 500
  )
    return new PaymentProviderError('unavailable', detail, error.code, { cause: error });
  return new PaymentProviderError('refused', detail, error.code, { cause: error });
}

/** Runs one exchange with Stripe, its failure (if any) in the shop's terms. */
async function withStripe<T>(exchange: () => Promise<T>): Promise<T> {
  try {
    return await exchange();
  } catch (error) {
    throw fromStripeError(error);
  }
}

/** Stripe PaymentIntents; the idempotency key ties one intent to one order and amount. */
export function createStripeProvider(
  settings: StripeSettings,
  stripe = createStripeClient(settings),
): PaymentProvider {
  return {
    name: 'stripe',
    publishableKey: settings.publishableKey,

    createIntent: (order) =>
      withStripe(async () => {
        const intent = await stripe.paymentIntents.create(
          {
            amount: order.totalCents,
            currency: CURRENCY,
            metadata: { orderId: order.id },
            automatic_payment_methods: { enabled: true },
          },
          { idempotencyKey: `order-${order.id}-${order.totalCents}` },
        );
        if (!intent.client_secret)
          throw new PaymentProviderError(
            'refused',
            'Stripe returned a payment intent without a client secret',
          );
        return { id: intent.id, clientSecret: intent.client_secret };
      }),

    cancelIntent: (id) =>
      withStripe(async () => {
        try {
          return (await stripe.paymentIntents.cancel(id)).status;
        } catch (error) {
          // Already succeeded, processing or cancelled: Stripe refuses, and the intent says which.
          if (
            error instanceof Stripe.errors.StripeInvalidRequestError &&
            error.code === 'payment_intent_unexpected_state'
          ) {
            return (await stripe.paymentIntents.retrieve(id)).status;
          }
          throw error;
        }
      }),

    refund: ({ intentId, amountCents, idempotencyKey, reason }) =>
      withStripe(async () => {
        const refund = await stripe.refunds.create(
          { payment_intent: intentId, amount: amountCents, ...(reason && { metadata: { reason } }) },
          { idempotencyKey },
        );
        return { id: refund.id };
      }),

    retrieveIntent: (id) =>
      withStripe(async () => {
        if (!/^pi_[A-Za-z0-9]+$/.test(id)) return null;
        try {
          return toView(await stripe.paymentIntents.retrieve(id));
        } catch (error) {
          if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404)
            return null;
          throw error;
        }
      }),
  };
}

export type { Stripe };
