import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/database';
import { sandboxPayments } from '../db/schema';
import { AppError } from '../http/errors';
import { CURRENCY, type PaymentIntentView, type PaymentProvider } from './provider';

const randomId = (bytes: number) =>
  randomBytes(bytes).toString('base64url').replace(/[-_]/g, '').slice(0, bytes);

/** Stripe's test cards and what they do (https://docs.stripe.com/testing). */
const TEST_CARD_OUTCOMES: Record<string, { code: string; message: string }> = {
  '4000000000000002': { code: 'card_declined', message: 'Your card was declined.' },
  '4000000000009995': { code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
  '4000000000009987': { code: 'lost_card', message: 'Your card was declined.' },
  '4000000000000069': { code: 'expired_card', message: 'Your card has expired.' },
  '4000000000000127': { code: 'incorrect_cvc', message: "Your card's security code is incorrect." },
};

/**
 * The offline provider: intents are kept in our database and confirmed by the shop's own card form,
 * with Stripe's test-card behaviour and pi_… ids, so the whole flow works with no network.
 */
export function createSandboxProvider(db: Db): PaymentProvider & {
  confirm(
    clientSecret: string,
    cardNumber: string,
    isOwnOrder: (orderId: string) => Promise<boolean>,
  ): Promise<string>;
} {
  return {
    name: 'sandbox',
    publishableKey: null,

    async createIntent(order) {
      const [open] = await db
        .select()
        .from(sandboxPayments)
        .where(
          and(
            eq(sandboxPayments.orderId, order.id),
            eq(sandboxPayments.amountCents, order.totalCents),
            eq(sandboxPayments.status, 'requires_payment_method'),
          ),
        );
      if (open) return { id: open.id, clientSecret: open.clientSecret };
      const id = `pi_${randomId(24)}`;
      const clientSecret = `${id}_secret_${randomId(24)}`;
      await db
        .insert(sandboxPayments)
        .values({ id, clientSecret, orderId: order.id, amountCents: order.totalCents, currency: CURRENCY });
      return { id, clientSecret };
    },

    async retrieveIntent(id): Promise<PaymentIntentView | null> {
      const [row] = await db.select().from(sandboxPayments).where(eq(sandboxPayments.id, id));
      if (!row) return null;
      return {
        id: row.id,
        status: row.status,
        amountCents: row.amountCents,
        currency: row.currency,
        orderId: row.orderId,
      };
    },

    /** Charges the card for the intent behind clientSecret; returns the intent id, or throws 402 like Stripe. */
    async confirm(clientSecret, cardNumber, isOwnOrder) {
      const [intent] = await db
        .select()
        .from(sandboxPayments)
        .where(eq(sandboxPayments.clientSecret, clientSecret));
      if (!intent || !(await isOwnOrder(intent.orderId))) {
        throw new AppError(404, 'not_found', 'This payment was not found. Please reload the page.');
      }
      if (intent.status === 'succeeded') return intent.id;
      const failure = TEST_CARD_OUTCOMES[cardNumber];
      if (failure) {
        await db
          .update(sandboxPayments)
          .set({ lastError: failure.code, updatedAt: new Date() })
          .where(eq(sandboxPayments.id, intent.id));
        throw new AppError(402, failure.code, failure.message);
      }
      await db
        .update(sandboxPayments)
        .set({ status: 'succeeded', lastError: null, updatedAt: new Date() })
        .where(eq(sandboxPayments.id, intent.id));
      return intent.id;
    },
  };
}
