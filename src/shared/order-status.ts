/**
 * An order's states and how each reads to people. Free of zod (contracts/order.ts builds its schema
 * from these), so order pages in the browser can show statuses without loading it.
 */
export const ORDER_STATUSES = [
  'unpaid',
  'paid',
  'shipped',
  'delivered',
  'cancelled',
  'expired',
  'partially_refunded',
  'refunded',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  unpaid: 'Unpaid',
  paid: 'Paid',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  expired: 'Expired',
  partially_refunded: 'Partially refunded',
  refunded: 'Refunded',
};

/**
 * The moves a person can make on an order. Which of them an order allows now, and for whom, the server
 * derives from its one transition table (server/modules/orders/state-machine.ts) and sends as the
 * order's `actions`: the browser draws its buttons from those, never from a table of its own.
 */
export const ORDER_ACTIONS = ['pay', 'cancel', 'ship', 'deliver', 'refund'] as const;
export type OrderAction = (typeof ORDER_ACTIONS)[number];
