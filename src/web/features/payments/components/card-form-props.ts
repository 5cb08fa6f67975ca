export interface CardFormProps {
  /** Null until the server has created the payment intent: the Pay button waits for it. */
  clientSecret: string | null;
  publishableKey: string | null;
  amountLabel: string;
  buyer: { name: string; email: string };
  /** A visitor's order: the token of its private link, which pays it. */
  token?: string;
  /** True once paid: the Pay button stays disabled. */
  disabled: boolean;
  /** A new attempt begins: what an earlier one said is no longer true. */
  onAttempt: () => void;
  /** Called with the provider's payment id once the card was charged. */
  onPaid: (paymentIntentId: string) => Promise<void>;
}
