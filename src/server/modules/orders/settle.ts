import { type Db, inTransaction } from '#server/db/database.ts';
import { isUniqueViolation } from '#server/lib/db-errors.ts';
import { Conflict, notFound, PaymentRefused } from '#server/lib/domain-errors.ts';
import type { PaymentIntentView } from '#server/payments/provider.ts';
import { CURRENCY } from '#server/payments/provider.ts';
import { lockedOrder, type OrderRow, transition } from './state-machine';

const notConfirmed = () =>
  new PaymentRefused(
    'payment_not_confirmed',
    'We could not confirm this payment, so the order is still unpaid.',
  );

export interface Settlement {
  order: OrderRow;
  /**
   * The payment succeeded for an order that was removed or had expired first: the money must go back
   * (the caller refunds it; it can reach the provider, this transaction cannot).
   */
  late: boolean;
}

/**
 * Marks an order paid, only for a payment the provider reports as succeeded for this very order, amount
 * and currency. Safe to repeat (the same payment again is a no-op) and never pays an order twice.
 */
export async function settlePayment(
  db: Db,
  orderId: string,
  intent: PaymentIntentView | null,
  /** The order's row, locked by the caller in `db`'s transaction (so not read again). */
  locked?: OrderRow,
): Promise<Settlement> {
  if (intent?.status !== 'succeeded' || intent.orderId !== orderId) throw notConfirmed();
  if (locked && locked.id !== orderId) throw notConfirmed();
  try {
    return await inTransaction(db, async (tx) => {
      const order = locked ?? (await lockedOrder(tx, orderId));
      if (!order) throw notFound('Order');
      if (intent.amountCents !== order.totalCents || intent.currency !== CURRENCY) throw notConfirmed();
      if (order.status === 'cancelled' || order.status === 'expired') return { order, late: true };
      if (order.status !== 'unpaid') {
        if (order.transactionId === intent.id) return { order, late: false };
        throw new Conflict('already_paid', 'This order is already paid.');
      }
      const paid = await transition(tx, order, 'paid', {
        actor: 'payment',
        set: { transactionId: intent.id, paymentIntentId: intent.id },
      });
      return { order: paid, late: false };
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw new Conflict('payment_already_used', 'This payment was already used for another order.');
    throw error;
  }
}
