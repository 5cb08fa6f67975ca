import type { Order } from '../../../../shared/contracts/order';
import { formatDollars } from '../../../../shared/money';
import { OrderStatusBadge } from '../../../components/ui/order-status-badge';
import { OrderTimeline } from '../../../components/ui/order-timeline';
import { formatDay } from '../../../lib/format-date';
import { OrderLinesCell, PaymentCell, RemoveButton, StatusDetail, unitPriceLabel } from './order-parts';

interface MyOrdersTableProps {
  orders: Order[];
  onRemove: (order: Order) => void;
}

/**
 * My Orders on a wide screen: the shop's long-standing columns (index, Name, Email, Parts Name,
 * Price/unit, Payment, Remove) with the order's own among them.
 */
export function MyOrdersTable({ orders, onRemove }: MyOrdersTableProps) {
  return (
    <div className="overflow-x-auto rounded-box bg-base-100 shadow">
      <table className="table table-sm">
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">Order</th>
            <th scope="col">Name</th>
            <th scope="col">Email</th>
            <th scope="col">Parts Name</th>
            <th scope="col">Price/unit</th>
            <th scope="col">Total</th>
            <th scope="col">Status</th>
            <th scope="col">Payment</th>
            <th scope="col">Remove</th>
          </tr>
        </thead>
        <tbody>
          {orders.map((order, index) => (
            <tr key={order._id} className="align-top">
              <td>{index + 1}</td>
              <td>
                <span className="block font-mono font-semibold whitespace-nowrap">{order.number}</span>
                <time dateTime={order.createdAt} className="block text-xs whitespace-nowrap">
                  {formatDay(order.createdAt)}
                </time>
              </td>
              <td>{order.userName}</td>
              <td className="break-all">{order.user}</td>
              <td className="min-w-40">
                <OrderLinesCell order={order} />
              </td>
              <td>{unitPriceLabel(order)}</td>
              <td className="font-semibold">{formatDollars(order.totalCents)}</td>
              <td className="min-w-32">
                <div className="flex flex-col items-start gap-1">
                  <OrderStatusBadge status={order.status} />
                  <StatusDetail order={order} />
                  <OrderTimeline timeline={order.timeline} orderNumber={order.number} />
                </div>
              </td>
              <td>
                <PaymentCell order={order} />
              </td>
              <td>
                <RemoveButton order={order} onRemove={onRemove} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
