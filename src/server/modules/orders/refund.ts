import type { SessionUser } from '../../../shared/contracts/session';
import type { Db } from '../../db/database';
import { AppError, notFound } from '../../http/errors';
import { describeError } from '../../lib/describe-error';
import type { PaymentProvider } from '../../payments/provider';
import { recordAudit } from '../audit/service';
import { loadOrder } from './service';
import { canMove, refusal, transition } from './state-machine';

/**
 * An admin gives an order's money back: the provider refunds the payment first (its idempotency key
 * makes a second attempt, or a second admin at the same moment, refund once), then the order becomes
 * `refunded` — its parts back in stock when asked — with the reason on its timeline and in the audit log.
 * Only paid or shipped orders can be refunded (409); if the provider refuses, the order stays as it was
 * (502).
 */
export async function refundOrder(
  db: Db,
  payments: PaymentProvider,
  admin: SessionUser,
  orderId: string,
  { reason, restock }: { reason?: string; restock: boolean },
) {
  const order = await loadOrder(db, orderId);
  if (!order) throw notFound('Order');
  if (!canMove(order.status, 'refunded') || !order.transactionId) throw refusal(order.status, 'refunded');
  let refundId: string;
  try {
    ({ id: refundId } = await payments.refund({
      intentId: order.transactionId,
      amountCents: order.totalCents,
      idempotencyKey: `refund-${order.id}`,
      reason,
    }));
  } catch (error) {
    throw new AppError(
      502,
      'refund_failed',
      `The payment provider did not refund this order (${describeError(error)}). The order is unchanged.`,
    );
  }
  return db.transaction(async (tx) => {
    const refunded = await transition(tx, order.id, 'refunded', {
      actor: 'admin',
      actorId: admin.id,
      note: reason ?? null,
      restock,
    });
    await recordAudit(tx, admin, 'order.refund', order.number, {
      refund: refundId,
      amountCents: order.totalCents,
      restock,
      ...(reason && { reason }),
    });
    return refunded;
  });
}
