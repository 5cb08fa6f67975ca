/** What the shop needs from a card payment provider; the order's amount always comes from the database. */
export interface PaymentIntentView {
  id: string;
  /** Stripe's statuses; only 'succeeded' pays an order. */
  status: string;
  amountCents: number;
  currency: string;
  /** The order the intent was created for (metadata.orderId). */
  orderId: string | null;
}

export interface PaymentProvider {
  readonly name: 'sandbox' | 'stripe';
  /** For the browser's payment form (Stripe.js); null for the sandbox. */
  readonly publishableKey: string | null;
  /** Creates (or, for the same order and amount, reuses) a payment intent. */
  createIntent(order: { id: string; totalCents: number }): Promise<{ id: string; clientSecret: string }>;
  /** The provider's own record of a payment, or null when it does not know the id. */
  retrieveIntent(id: string): Promise<PaymentIntentView | null>;
  /**
   * Makes sure an intent can no longer be paid: cancels it unless it already succeeded (or is being
   * processed). Answers the intent's status afterwards: 'canceled', or 'succeeded' / 'processing' when
   * the payment got there first.
   */
  cancelIntent(id: string): Promise<string>;
  /** Gives money back for a succeeded payment; the same key never refunds twice. */
  refund(request: {
    intentId: string;
    amountCents: number;
    idempotencyKey: string;
    reason?: string;
  }): Promise<{
    id: string;
  }>;
}

export const CURRENCY = 'usd';
