import { Link } from 'react-router';
import type { Order } from '#shared/contracts/order.ts';
import { formatDollars } from '#shared/money.ts';
import { orderPagePath } from '#shared/pages.ts';
import { returnWindowOpen } from '#shared/returns.ts';
import { DataTable } from '#web/components/ui/data-table.tsx';
import { OrderStatusBadge } from '#web/components/ui/order-status-badge.tsx';
import { OrderTimeline } from '#web/components/ui/order-timeline.tsx';
import {
  OrderLinesCell,
  OrderLink,
  PaymentCell,
  RemoveButton,
  ShipsTo,
  StatusDetail,
  unitPriceLabel,
} from './order-parts';

interface MyOrdersTableProps {
  orders: Order[];
  onRemove: (order: Order) => void;
}

/**
 * My Orders: the shop's long-standing columns (index, Parts Name, Price/unit, Payment, Remove) with the
 * order's own among them — not the customer's own name and email on every row — each order linking to
 * its page; below wide screens, where they do not fit beside the dashboard's sidebar, each order is a card.
 */
export function MyOrdersTable({ orders, onRemove }: MyOrdersTableProps) {
  return (
    <DataTable
      rows={orders}
      rowKey={(order) => order._id}
      compact
      rowClassName="align-top"
      stackBelow="wide"
      columns={[
        { header: '#', labelOnPhones: true, cell: (_order, index) => index + 1 },
        {
          header: 'Order',
          cell: (order) => <OrderLink order={order} />,
        },
        {
          header: 'Parts Name',
          labelOnPhones: true,
          className: 'min-w-40',
          cell: (order) => <OrderLinesCell order={order} />,
        },
        { header: 'Price/unit', labelOnPhones: true, cell: unitPriceLabel },
        {
          header: 'Ships to',
          labelOnPhones: true,
          className: 'min-w-36 text-sm break-words',
          cell: (order) => <ShipsTo order={order} />,
        },
        {
          header: 'Total',
          labelOnPhones: true,
          className: 'font-semibold',
          cell: (order) => formatDollars(order.totalCents),
        },
        {
          header: 'Status',
          className: 'min-w-32',
          cell: (order) => (
            <div className="flex flex-col items-start gap-1">
              <OrderStatusBadge status={order.status} />
              <StatusDetail order={order} />
              {returnWindowOpen(order) ? (
                <Link
                  to={orderPagePath(order._id)}
                  className="link text-sm"
                  aria-label={`Return parts of ${order.number}`}
                >
                  Return parts
                </Link>
              ) : null}
              <OrderTimeline timeline={order.timeline} orderNumber={order.number} />
            </div>
          ),
        },
        { header: 'Payment', cell: (order) => <PaymentCell order={order} /> },
        {
          header: 'Remove',
          hideHeader: true,
          cell: (order) => <RemoveButton order={order} onRemove={onRemove} />,
        },
      ]}
    />
  );
}
