import type { Order } from '#shared/contracts/order.ts';
import { formatDollars } from '#shared/money.ts';
import { DataTable } from '#web/components/ui/data-table.tsx';
import { OrderNumber } from '#web/components/ui/order-number.tsx';
import { OrderStatusBadge } from '#web/components/ui/order-status-badge.tsx';
import { OrderTimeline } from '#web/components/ui/order-timeline.tsx';

interface AllOrdersTableProps {
  orders: Order[];
  /** True while another page or filter loads: the rows on screen are dimmed. */
  updating: boolean;
  busy: boolean;
  onShip: (order: Order) => void;
  onDeliver: (order: Order) => void;
  onRefund: (order: Order) => void;
}

/**
 * Every order as admins need it to send it: who, what, where to, its state and total; ship, deliver,
 * refund when the server offers the move (the order's `actions`, from its one transition table).
 */
export function AllOrdersTable({ orders, updating, busy, onShip, onDeliver, onRefund }: AllOrdersTableProps) {
  return (
    <DataTable
      rows={orders}
      rowKey={(order) => order._id}
      updating={updating}
      compact
      rowClassName="align-top"
      columns={[
        {
          header: 'Order',
          cell: (order) => <OrderNumber order={order} withTime />,
        },
        {
          header: 'Customer',
          labelOnPhones: true,
          cell: (order) => (
            <>
              <span className="block">{order.userName}</span>
              <span className="block text-xs break-all opacity-80">{order.user}</span>
            </>
          ),
        },
        {
          header: 'Parts',
          labelOnPhones: true,
          className: 'min-w-40',
          cell: (order) => (
            <ul className="flex flex-col gap-1">
              {order.lines.map((line) => (
                <li key={line.partId}>
                  {line.name} <span className="whitespace-nowrap">× {line.quantity}</span>
                  {line.forLaptop ? (
                    <span className="block text-xs opacity-80">for {line.forLaptop.name}</span>
                  ) : null}
                </li>
              ))}
            </ul>
          ),
        },
        {
          header: 'Ship to',
          labelOnPhones: true,
          className: 'min-w-40 text-xs',
          cell: (order) => (
            <address className="not-italic">
              <span className="block font-medium">{order.shippingAddress.name}</span>
              <span className="block">{order.shippingAddress.address}</span>
              <span className="block">{order.shippingAddress.location}</span>
              <span className="block">{order.shippingAddress.phone}</span>
            </address>
          ),
        },
        {
          header: 'Status',
          labelOnPhones: true,
          className: 'min-w-32',
          cell: (order) => (
            <div className="flex flex-col items-start gap-1">
              <OrderStatusBadge status={order.status} />
              {order.trackingNumber ? (
                <span className="text-xs">
                  Tracking <span className="font-mono break-all">{order.trackingNumber}</span>
                </span>
              ) : null}
              <OrderTimeline timeline={order.timeline} orderNumber={order.number} />
            </div>
          ),
        },
        {
          header: 'Total',
          labelOnPhones: true,
          className: 'font-semibold',
          cell: (order) => (
            <>
              {formatDollars(order.totalCents)}
              {order.refundedCents > 0 ? (
                <span className="block text-xs font-normal">
                  {formatDollars(order.refundedCents)} refunded
                </span>
              ) : null}
            </>
          ),
        },
        {
          header: 'Actions',
          hideHeader: true,
          cell: (order) => (
            <div className="flex flex-wrap gap-2">
              {order.actions.includes('ship') ? (
                <ActionButton label="Mark shipped" order={order} busy={busy} primary onClick={onShip} />
              ) : null}
              {order.actions.includes('deliver') ? (
                <ActionButton label="Mark delivered" order={order} busy={busy} primary onClick={onDeliver} />
              ) : null}
              {order.actions.includes('refund') ? (
                <ActionButton label="Refund" order={order} busy={busy} onClick={onRefund} />
              ) : null}
            </div>
          ),
        },
      ]}
    />
  );
}

/** An action on one order: its accessible name is its label and the order's number ("Refund RTP-100001"). */
function ActionButton({
  label,
  order,
  busy,
  primary = false,
  onClick,
}: {
  label: string;
  order: Order;
  busy: boolean;
  primary?: boolean;
  onClick: (order: Order) => void;
}) {
  return (
    <button
      type="button"
      className={`btn btn-sm whitespace-nowrap ${primary ? 'btn-primary' : 'btn-outline btn-danger'}`}
      disabled={busy}
      aria-label={`${label} ${order.number}`}
      onClick={() => onClick(order)}
    >
      {label}
    </button>
  );
}
