import { eq } from 'drizzle-orm';
import type { Db } from '#server/db/database.ts';
import { orders } from '#server/db/schema.ts';
import { Conflict, notFound } from '#server/lib/domain-errors.ts';
import type { PaymentProvider } from '#server/payments/provider.ts';
import { settlePayment } from './settle';
import { type OrderRow, refusal, type TransitionContext, transition } from './state-machine';

/**
 * Ends an unpaid order's hold on its parts — removed by its buyer (or an admin), or expired — with the
 * parts back in stock. If a payment intent exists it is made unpayable first, so no card is charged for
 * an order that does not end paid; when the payment got there first, the order is settled as paid and
 * the removal refused.
 */
export async function releaseUnpaidOrder(
  db: Db,
  payments: PaymentProvider,
  orderId: string,
  to: 'cancelled' | 'expired',
  context: TransitionContext,
): Promise<OrderRow> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw notFound('Order');
  if (order.status === 'unpaid' && order.paymentIntentId) {
    const status = await payments.cancelIntent(order.paymentIntentId);
    if (status === 'succeeded') {
      await settlePayment(db, order.id, await payments.retrieveIntent(order.paymentIntentId));
      throw refusal('paid', to);
    }
    if (status !== 'canceled') {
      throw new Conflict(
        'payment_in_progress',
        'A payment for this order is being processed. Try again in a minute.',
      );
    }
  }
  return transition(db, orderId, to, context);
}
