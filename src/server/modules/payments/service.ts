import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db } from '#server/db/database.ts';
import { prepared } from '#server/db/prepared.ts';
import { auditLog, orders, paymentEvents } from '#server/db/schema.ts';
import { DomainError, notFound } from '#server/lib/domain-errors.ts';
import { recordAudit, SYSTEM } from '#server/modules/audit/service.ts';
import { holdsAsBuyer, type OrderHolder, orderForHolder } from '#server/modules/orders/order-access.ts';
import type { OrderWithLines } from '#server/modules/orders/order-shape.ts';
import { releaseUnpaidOrder } from '#server/modules/orders/release.ts';
import { loadOrder } from '#server/modules/orders/service.ts';
import { type Settlement, settlePayment } from '#server/modules/orders/settle.ts';
import { assertDeliverable } from '#server/modules/orders/shipping-address.ts';
import { lockedOrder, type OrderRow, refusal } from '#server/modules/orders/state-machine.ts';
import type { PaymentIntentView, PaymentProvider } from '#server/payments/provider.ts';

const holdEnded = (order: OrderRow) => order.expiresAt !== null && order.expiresAt.getTime() <= Date.now();

/**
 * The buyer's own order (by account, or a visitor's by its link), if it can be paid now: unpaid and
 * still within its hold. One past its hold is expired on the spot (its parts back in stock) rather than
 * charged; one without a complete shipping address is refused (400). Anyone else's order: 404.
 */
export async function payableOrder(
  db: Db,
  payments: PaymentProvider,
  buyer: OrderHolder,
  orderId: string,
): Promise<OrderRow> {
  const order = await orderForHolder(db, buyer, orderId);
  if (!holdsAsBuyer(buyer, order)) throw notFound('Order');
  if (order.status === 'unpaid' && holdEnded(order)) {
    await releaseUnpaidOrder(db, payments, order.id, 'expired', {
      actor: 'system',
      note: 'Not paid in time',
    }).catch(() => {});
    throw refusal('expired', 'paid');
  }
  if (order.status !== 'unpaid') throw refusal(order.status, 'paid');
  // An order placed before addresses were required, with none: no payment until it has one.
  assertDeliverable(order.shippingAddress);
  return order;
}

/** Creates (or reuses) the provider's payment intent for the order's amount, and remembers it. */
export async function preparePayment(db: Db, payments: PaymentProvider, order: OrderRow) {
  const intent = await payments.createIntent({ id: order.id, totalCents: order.totalCents });
  await prepared(db, 'remember_payment_intent', (on, name) =>
    on
      .update(orders)
      .set({ paymentIntentId: sql`${sql.placeholder('intent')}`, updatedAt: sql`now()` })
      .where(and(eq(orders.id, sql.placeholder('id')), eq(orders.status, 'unpaid')))
      .prepare(name),
  ).execute({ intent: intent.id, id: order.id });
  return intent;
}

/**
 * The sandbox's check before it charges a card, inside its transaction: the intent's order belongs to
 * this buyer (else 404) and can still be paid (else 409), its row locked until the charge is settled.
 */
export async function ownUnpaidOrder(
  tx: Db,
  buyer: OrderHolder,
  intent: PaymentIntentView,
): Promise<OrderRow> {
  const order = await lockedOrder(tx, intent.orderId!);
  if (!order || !holdsAsBuyer(buyer, order)) throw notFound('Payment');
  if (intent.status === 'succeeded') return order;
  if (order.status !== 'unpaid') throw refusal(order.status, 'paid');
  if (holdEnded(order)) throw refusal('expired', 'paid');
  assertDeliverable(order.shippingAddress);
  return order;
}

/** The sandbox settles an order at the moment its card is charged, in the charge's transaction. */
export async function settleInTransaction(
  tx: Db,
  intent: PaymentIntentView,
  /** The order's row as ownUnpaidOrder locked it in this transaction, so it is not read again. */
  locked?: OrderRow,
): Promise<void> {
  const { order, late } = await settlePayment(tx, intent.orderId!, intent, locked);
  // ownUnpaidOrder held the order's row since before the charge, so it cannot have gone meanwhile.
  if (late) throw refusal(order.status, 'paid');
}

/**
 * Gives back a payment that succeeded for an order removed or expired first (possible with Stripe,
 * whose card form charges in the browser), and leaves a trace for the books.
 */
export async function refundLatePayment(app: FastifyInstance, order: OrderRow, intent: PaymentIntentView) {
  const refund = await app.payments.refund({
    intentId: intent.id,
    amountCents: intent.amountCents,
    idempotencyKey: `late-payment-${intent.id}`,
    reason: `order ${order.number} was ${order.status} before the payment succeeded`,
  });
  // The webhook and the browser's confirmation may both get here: the refund is one (same key), and
  // so is its record.
  const [known] = await app.db
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(
      and(eq(auditLog.action, 'payment.auto-refund'), sql`${auditLog.details}->>'refund' = ${refund.id}`),
    );
  if (known) return;
  app.log.warn(
    { orderId: order.id, paymentIntent: intent.id, refund: refund.id },
    `payment for ${order.status} order refunded automatically`,
  );
  await recordAudit(app.db, SYSTEM, 'payment.auto-refund', order.number, {
    paymentIntent: intent.id,
    refund: refund.id,
    amountCents: intent.amountCents,
    orderStatus: order.status,
  });
}

/**
 * The browser's word that it paid: the provider is asked whether this payment succeeded for this order
 * and amount, and the order is settled if the webhook (or the sandbox) has not done so yet. A payment
 * that came too late for its order is refunded, and the order stays as it was (409). An order that this
 * very payment already settled (the sandbox settles as it charges; Stripe's webhook may be first) is
 * answered as it is: only a confirmed payment is ever written on an order.
 */
export async function confirmPaidOrder(
  app: FastifyInstance,
  buyer: OrderHolder,
  orderId: string,
  transactionId: string,
): Promise<OrderWithLines> {
  const order = await orderForHolder(app.db, buyer, orderId);
  if (!holdsAsBuyer(buyer, order)) throw notFound('Order');
  if (order.transactionId === transactionId) return order;
  const intent = await app.payments.retrieveIntent(transactionId);
  const settled = await settlePayment(app.db, order.id, intent);
  if (settled.late) {
    await refundLatePayment(app, settled.order, intent!);
    throw refusal(settled.order.status, 'paid');
  }
  return (await loadOrder(app.db, settled.order.id))!;
}

/**
 * One payment event from the provider, applied once: it is claimed (a second delivery finds it claimed
 * and changes nothing) and, for a succeeded payment, its order settled. The claim and the settlement
 * commit together: if settling fails, the event stays unclaimed and the provider delivers it again.
 */
export async function applyPaymentEvent(
  db: Db,
  {
    eventId,
    eventType,
    paymentIntentId,
    orderId,
    intent,
    log,
  }: {
    eventId: string;
    eventType: string;
    paymentIntentId: string;
    orderId: string | undefined;
    /** The payment as the provider says it is now (asked before, outside the transaction); null if none. */
    intent: PaymentIntentView | null;
    log: FastifyBaseLogger;
  },
): Promise<{ duplicate: boolean } | ({ duplicate: false } & Settlement)> {
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(paymentEvents)
      .values({ id: eventId, type: eventType })
      .onConflictDoNothing()
      .returning({ id: paymentEvents.id });
    if (claimed.length === 0) return { duplicate: true };
    if (!intent || !orderId) {
      if (eventType === 'payment_intent.payment_failed')
        log.info({ orderId, paymentIntent: paymentIntentId }, 'payment failed; the order stays unpaid');
      return { duplicate: false };
    }
    try {
      // A savepoint, so a refusal (already paid with another payment, unknown order) keeps the claim.
      return {
        duplicate: false,
        ...(await tx.transaction((settle) => settlePayment(settle, orderId, intent))),
      };
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      log.error({ err: error, orderId, paymentIntent: paymentIntentId }, 'succeeded payment not applied');
      return { duplicate: false };
    }
  });
}
