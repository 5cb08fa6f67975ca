import type { SessionUser } from '../../../shared/contracts/session';
import type { Db } from '../../db/database';
import { notFound } from '../../http/errors';
import type { PaymentProvider } from '../../payments/provider';
import { recordAudit } from '../audit/service';
import { loadOrder } from './service';
import { canMove, refusal, transition } from './state-machine';

/**
 * An admin gives an order's money back: the provider refunds the payment first (its idempotency key
 * makes a second attempt, or a second admin at the same moment, refund once), then the order becomes
 * `refunded` — its parts back in stock when asked — with the reason on its timeline and in the audit log.
 * Only paid or shipped orders can be refunded (409); if the provider refuses (502) or cannot be reached
 * (503), the order stays as it was.
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
  // A provider failure leaves the order unchanged and is answered as every payment path answers it
  // (payments/provider-errors.ts: 502 refused, 503 unavailable).
  const { id: refundId } = await payments.refund({
    intentId: order.transactionId,
    amountCents: order.totalCents,
    idempotencyKey: `refund-${order.id}`,
    reason,
  });
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
