import type { Order } from '../../../../shared/contracts/order';
import { LineItems } from '../../../components/ui/line-items';
import { OrderStatusBadge } from '../../../components/ui/order-status-badge';
import { OrderTimeline } from '../../../components/ui/order-timeline';
import { formatDay } from '../../../lib/format-date';
import { PaymentCell, RemoveButton, StatusDetail } from './order-parts';

interface MyOrderCardsProps {
  orders: Order[];
  onRemove: (order: Order) => void;
}

/** My Orders on a phone: one card per order, everything in the table's columns stacked, actions in reach. */
export function MyOrderCards({ orders, onRemove }: MyOrderCardsProps) {
  return (
    <ol aria-label="Your orders" className="flex flex-col gap-4">
      {orders.map((order, index) => (
        <li key={order._id}>
          <article
            aria-labelledby={`order-${order._id}`}
            className="card bg-base-100 shadow"
            data-testid="order-card"
          >
            <div className="card-body gap-3 p-4">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div>
                  <h2 id={`order-${order._id}`} className="font-mono text-lg font-semibold">
                    <span className="sr-only">Order {index + 1}: </span>
                    {order.number}
                  </h2>
                  <time dateTime={order.createdAt} className="text-sm">
                    {formatDay(order.createdAt)}
                  </time>
                </div>
                <div className="flex flex-col items-end gap-1 text-right">
                  <OrderStatusBadge status={order.status} />
                  <StatusDetail order={order} />
                </div>
              </div>
              <dl className="grid grid-cols-[auto_1fr] gap-x-3 text-sm">
                <dt className="opacity-80">Name</dt>
                <dd className="break-words">{order.userName}</dd>
                <dt className="opacity-80">Email</dt>
                <dd className="break-all">{order.user}</dd>
              </dl>
              <LineItems
                label={`Parts in order ${order.number}`}
                lines={order.lines}
                totalCents={order.totalCents}
              />
              <div className="flex flex-wrap items-center justify-between gap-2">
                <PaymentCell order={order} />
                <RemoveButton order={order} onRemove={onRemove} />
              </div>
              <OrderTimeline timeline={order.timeline} orderNumber={order.number} />
            </div>
          </article>
        </li>
      ))}
    </ol>
  );
}
