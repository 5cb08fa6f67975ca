import { randomBytes } from 'node:crypto';
import { and, eq, sql, sum } from 'drizzle-orm';
import { type Db, rowsOf } from '#server/db/database.ts';
import { prepared } from '#server/db/prepared.ts';
import { sandboxPayments, sandboxRefunds } from '#server/db/schema.ts';
import { isUniqueViolation } from '#server/lib/db-errors.ts';
import { Conflict, NotFound, PaymentRefused } from '#server/lib/domain-errors.ts';
import { CURRENCY, type PaymentIntentView, type PaymentProvider } from './provider';
import { PaymentProviderError } from './provider-errors';

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

type SandboxRow = typeof sandboxPayments.$inferSelect;

const toView = (row: SandboxRow): PaymentIntentView => ({
  id: row.id,
  status: row.status,
  amountCents: row.amountCents,
  currency: row.currency,
  orderId: row.orderId,
});

export interface ConfirmHooks {
  /**
   * Before any charge, inside the transaction: throws when this buyer may not pay the intent's order
   * (not theirs: 404; no longer payable: 409). An intent that already succeeded only needs the owner.
   */
  check(tx: Db, intent: PaymentIntentView): Promise<void>;
  /** After a successful charge, in the same transaction: settles the order. */
  settle(tx: Db, intent: PaymentIntentView): Promise<void>;
}

export type SandboxProvider = ReturnType<typeof createSandboxProvider>;

/**
 * The offline provider: intents are kept in our database and confirmed by the shop's own card form,
 * with Stripe's test-card behaviour and pi_… ids, so the whole flow works with no network.
 */
export function createSandboxProvider(db: Db) {
  const provider = {
    name: 'sandbox' as const,
    publishableKey: null,

    /** The order's open intent for its amount, or a new one: one statement, one round trip. */
    async createIntent(order: { id: string; totalCents: number }) {
      const id = `pi_${randomId(24)}`;
      const clientSecret = `${id}_secret_${randomId(24)}`;
      const open = and(
        eq(sandboxPayments.orderId, order.id),
        eq(sandboxPayments.amountCents, order.totalCents),
        eq(sandboxPayments.status, 'requires_payment_method'),
      );
      const [intent] = await rowsOf<{ id: string; clientSecret: string }>(
        db,
        sql`with open as (
          select ${sandboxPayments.id} as id, ${sandboxPayments.clientSecret} as secret
          from ${sandboxPayments} where ${open} limit 1
        ), added as (
          insert into ${sandboxPayments} (id, client_secret, order_id, amount_cents, currency)
          select ${id}, ${clientSecret}, ${order.id}, ${order.totalCents}, ${CURRENCY}
          where not exists (select from open)
          returning id, client_secret as secret
        )
        select id, secret as "clientSecret" from open union all select id, secret from added`,
      );
      return intent!;
    },

    async retrieveIntent(id: string): Promise<PaymentIntentView | null> {
      const [row] = await db.select().from(sandboxPayments).where(eq(sandboxPayments.id, id));
      return row ? toView(row) : null;
    },

    async cancelIntent(id: string): Promise<string> {
      const [cancelled] = await db
        .update(sandboxPayments)
        .set({ status: 'canceled' })
        .where(and(eq(sandboxPayments.id, id), eq(sandboxPayments.status, 'requires_payment_method')))
        .returning({ status: sandboxPayments.status });
      if (cancelled) return cancelled.status;
      return (await provider.retrieveIntent(id))?.status ?? 'canceled';
    },

    async refund({
      intentId,
      amountCents,
      idempotencyKey,
      reason,
    }: {
      intentId: string;
      amountCents: number;
      idempotencyKey: string;
      reason?: string;
    }) {
      try {
        return await db.transaction(async (tx) => {
          // The payment's row first: a refund with the same key at the same moment is then seen below.
          const [payment] = await tx
            .select()
            .from(sandboxPayments)
            .where(eq(sandboxPayments.id, intentId))
            .for('update');
          const [known] = await tx
            .select({ id: sandboxRefunds.id })
            .from(sandboxRefunds)
            .where(eq(sandboxRefunds.idempotencyKey, idempotencyKey));
          if (known) return known;
          if (payment?.status !== 'succeeded')
            throw new PaymentProviderError(
              'refused',
              `sandbox: ${intentId} has no successful charge to refund`,
            );
          const [refunded] = await tx
            .select({ cents: sum(sandboxRefunds.amountCents).mapWith(Number) })
            .from(sandboxRefunds)
            .where(eq(sandboxRefunds.paymentId, intentId));
          if ((refunded?.cents ?? 0) + amountCents > payment.amountCents)
            throw new PaymentProviderError(
              'refused',
              `sandbox: refunding ${amountCents} would exceed the charge of ${intentId}`,
            );
          const id = `re_${randomId(24)}`;
          await tx
            .insert(sandboxRefunds)
            .values({ id, paymentId: intentId, amountCents, idempotencyKey, reason });
          return { id };
        });
      } catch (error) {
        // The same key at the same moment: the first refund stands.
        if (!isUniqueViolation(error)) throw error;
        const [known] = await db
          .select({ id: sandboxRefunds.id })
          .from(sandboxRefunds)
          .where(eq(sandboxRefunds.idempotencyKey, idempotencyKey));
        return known!;
      }
    },

    /**
     * Charges the card for the intent behind `clientSecret` and settles its order, in one transaction:
     * the order is checked (and locked) before any charge, so an order removed or expired meanwhile is
     * never charged. Returns the intent id; a declined card throws 402 with Stripe's code and message.
     */
    async confirm(clientSecret: string, cardNumber: string, hooks: ConfirmHooks): Promise<string> {
      const outcome = await db.transaction(async (tx) => {
        const [intent] = await prepared(tx, 'sandbox_payment_locked', (on, name) =>
          on
            .select()
            .from(sandboxPayments)
            .where(eq(sandboxPayments.clientSecret, sql.placeholder('secret')))
            .for('update')
            .prepare(name),
        ).execute({ secret: clientSecret });
        if (!intent) throw new NotFound('not_found', 'This payment was not found. Please reload the page.');
        await hooks.check(tx, toView(intent));
        if (intent.status === 'succeeded') return { id: intent.id };
        if (intent.status === 'canceled')
          throw new Conflict('payment_canceled', 'This payment was cancelled. Please reload the page.');
        const failure = TEST_CARD_OUTCOMES[cardNumber];
        if (failure) return { id: intent.id, failure };
        const [succeeded] = await prepared(tx, 'sandbox_payment_succeeded', (on, name) =>
          on
            .update(sandboxPayments)
            .set({ status: 'succeeded', lastError: null, updatedAt: sql`now()` })
            .where(eq(sandboxPayments.id, sql.placeholder('id')))
            .returning()
            .prepare(name),
        ).execute({ id: intent.id });
        await hooks.settle(tx, toView(succeeded!));
        return { id: intent.id };
      });
      if (outcome.failure) {
        await db
          .update(sandboxPayments)
          .set({ lastError: outcome.failure.code })
          .where(eq(sandboxPayments.id, outcome.id));
        throw new PaymentRefused(outcome.failure.code, outcome.failure.message);
      }
      return outcome.id;
    },
  };
  return provider satisfies PaymentProvider;
}
