import { ORDER_STATUS_LABELS, type OrderStatus } from '#shared/order-status.ts';

/** Colours with enough contrast for their text on white (daisyUI's soft badges are too light). */
const tone: Record<OrderStatus, string> = {
  unpaid: 'border-amber-700 text-amber-800',
  paid: 'border-green-800 text-green-800',
  shipped: 'border-blue-800 text-blue-800',
  delivered: 'border-green-800 bg-green-800 text-white',
  cancelled: 'border-base-content/60 text-base-content',
  expired: 'border-base-content/60 text-base-content',
  partially_refunded: 'border-dashed border-purple-800 text-purple-800',
  refunded: 'border-purple-800 text-purple-800',
};

/** An order's status as people read it ("Shipped"). */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return (
    <span className={`badge badge-outline whitespace-nowrap font-semibold ${tone[status]}`}>
      {ORDER_STATUS_LABELS[status]}
    </span>
  );
}
