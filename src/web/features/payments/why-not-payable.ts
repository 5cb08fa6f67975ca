import type { Order } from '#shared/contracts/order.ts';
import { formatDeadline } from '#web/lib/format-date.ts';

/**
 * Why an order can no longer be paid (removed, expired, refunded), as a payment page says it instead of
 * the card form: a heading and a sentence. Null while it can still be paid, or is paid.
 */
export function whyNotPayable(order: Pick<Order, 'status' | 'number' | 'timeline'>) {
  const { status, number } = order;
  if (status === 'cancelled')
    return {
      title: 'This order was removed',
      text: `Order ${number} was removed, so there is nothing to pay. Its parts went back on sale.`,
    };
  if (status === 'expired') {
    const expiredAt = order.timeline.findLast((event) => event.status === 'expired')?.at;
    return {
      title: 'This order expired',
      text: `Order ${number} was not paid in time${expiredAt ? ` (by ${formatDeadline(expiredAt)})` : ''}, so its parts went back on sale. Add them to your cart again to order them.`,
    };
  }
  if (status === 'refunded')
    return { title: 'This order was refunded', text: `The payment for order ${number} was refunded.` };
  return null;
}
