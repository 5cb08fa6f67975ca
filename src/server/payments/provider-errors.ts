import { type DomainError, PaymentRefused, ProviderFailed, Unavailable } from '#server/lib/domain-errors.ts';

/**
 * How a payment provider failed: `unavailable` (not reached, timed out, rate limited, or failing on its
 * side: worth trying again later), `refused` (it understood the request and said no) or `card_declined`
 * (the card was refused: the customer's to fix).
 */
export type ProviderFailureKind = 'unavailable' | 'refused' | 'card_declined';

/**
 * A payment provider's failure in the shop's terms. Each provider adapter turns its own errors into
 * this (stripe.ts: `fromStripeError`); `providerFailureAnswer` is the one answer every payment path
 * (paying, confirming, removing an order, refunds, the webhook) gives for it.
 */
export class PaymentProviderError extends Error {
  constructor(
    readonly kind: ProviderFailureKind,
    /** The provider's own words (its message), for the log and for a refusal's answer. */
    readonly detail: string,
    /** The provider's code, when it gave one (a card decline's answer uses it). */
    readonly providerCode?: string,
    options?: ErrorOptions,
  ) {
    super(`payment provider ${kind.replace('_', ' ')}: ${detail}`, options);
    this.name = 'PaymentProviderError';
  }
}

/** How long a client is asked to wait before trying again while the provider is unavailable. */
export const PROVIDER_RETRY_AFTER_SECONDS = 30;

/**
 * The one answer to a provider failure: unavailable (503 with Retry-After) while it is away, provider
 * failed (502) when it refused, payment refused (402) for a declined card. Every path calls the provider before changing anything of ours,
 * so a failure always leaves the order as it was, and the answer says so.
 */
export function providerFailureAnswer(error: PaymentProviderError): DomainError {
  switch (error.kind) {
    case 'unavailable':
      return new Unavailable(
        'payment_provider_unavailable',
        'The payment provider is not answering right now, so nothing was changed. Please try again in a minute.',
        undefined,
        PROVIDER_RETRY_AFTER_SECONDS,
      );
    case 'refused':
      return new ProviderFailed(
        'payment_provider_refused',
        `The payment provider refused the request (${error.detail}), so nothing was changed.`,
      );
    case 'card_declined':
      return new PaymentRefused(error.providerCode ?? 'card_declined', error.detail);
  }
}
