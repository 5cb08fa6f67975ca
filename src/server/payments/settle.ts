import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/database';
import { orders } from '../db/schema';
import { AppError } from '../http/errors';
import { isUniqueViolation } from '../lib/unique-violation';
import type { OrderRow } from '../modules/orders/order-shape';
import { CURRENCY, type PaymentIntentView } from './provider';

const notConfirmed = () =>
  new AppError(
    402,
    'payment_not_confirmed',
    'We could not confirm this payment, so the order is still unpaid.',
  );

/**
 * Marks an order paid, only for a payment the provider reports as succeeded for this very order, amount
 * and currency. Safe to repeat (the same payment again is a no-op) and never pays an order twice.
 */
export async function applySucceededPayment(
  db: Db,
  order: OrderRow,
  intent: PaymentIntentView | null,
): Promise<OrderRow> {
  if (order.status === 'paid' || order.status === 'shipped') {
    if (intent && order.transactionId === intent.id) return order;
    throw new AppError(409, 'already_paid', 'This order is already paid.');
  }
  if (order.status === 'cancelled')
    throw new AppError(409, 'order_cancelled', 'This order was removed and cannot be paid.');
  if (
    !intent ||
    intent.status !== 'succeeded' ||
    intent.orderId !== order.id ||
    intent.amountCents !== order.totalCents ||
    intent.currency !== CURRENCY
  ) {
    throw notConfirmed();
  }
  try {
    const [paid] = await db
      .update(orders)
      .set({ status: 'paid', transactionId: intent.id, paidAt: new Date(), updatedAt: new Date() })
      .where(and(eq(orders.id, order.id), eq(orders.status, 'unpaid')))
      .returning();
    if (paid) return paid;
  } catch (error) {
    if (isUniqueViolation(error))
      throw new AppError(409, 'payment_already_used', 'This payment was already used for another order.');
    throw error;
  }
  // Someone else settled or removed it at the same moment: answer with what it is now.
  const [current] = await db.select().from(orders).where(eq(orders.id, order.id));
  return applySucceededPayment(db, current!, intent);
}
