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
