import { Link } from 'react-router';
import { countryName } from '#shared/address-rules.ts';
import type { Order } from '#shared/contracts/order.ts';
import { formatDollars } from '#shared/money.ts';
import { orderPagePath, paymentPagePath } from '#shared/pages.ts';
import { OrderNumber } from '#web/components/ui/order-number.tsx';
import { TrackingNumber } from '#web/components/ui/tracking-number.tsx';
import { formatDeadline } from '#web/lib/format-date.ts';

// Pieces of an order as My Orders shows it.

/** Parts Name: each line's part with how many at what unit price. */
export function OrderLinesCell({ order }: { order: Order }) {
  return (
    <ul className="flex flex-col gap-1">
      {order.lines.map((line) => (
        <li key={line.partId}>
          <span className="font-medium">{line.name}</span>
          <span className="block text-xs opacity-80">
            {line.quantity} × {formatDollars(line.unitPriceCents)}
          </span>
          {line.refundedQuantity > 0 ? (
            <span className="block text-xs">
              {line.refundedQuantity === line.quantity ? 'Refunded' : `${line.refundedQuantity} refunded`}
            </span>
          ) : null}
          {line.forLaptop ? <span className="block text-xs">For your {line.forLaptop.name}</span> : null}
        </li>
      ))}
    </ul>
  );
}

/**
 * Price/unit: the part's unit price for an order of one line; several lines have no one
 * unit price (each line shows its own).
 */
export function unitPriceLabel(order: Order): string {
  return order.lines.length === 1 ? formatDollars(order.lines[0]!.unitPriceCents) : '—';
}

/** What the status means now: until when to pay, or where the parcel is. */
export function StatusDetail({ order }: { order: Order }) {
  if (order.status === 'unpaid' && order.expiresAt)
    return (
      <span className="block text-xs">
        Pay by <time dateTime={order.expiresAt}>{formatDeadline(order.expiresAt)}</time>
      </span>
    );
  if (order.trackingNumber)
    return (
      <span className="block text-xs">
        Tracking <TrackingNumber number={order.trackingNumber} />
      </span>
    );
  return null;
}

/** Payment: Pay when the order can be paid (a link to its payment page), else how it stands. */
export function PaymentCell({ order }: { order: Order }) {
  if (order.actions.includes('pay'))
    return (
      // Reached within the app, the Stripe card form loads the page again as a document of its own
      // (stripe-card-form.tsx); the sandbox's form needs no such reload.
      <Link
        to={paymentPagePath(order._id)}
        className="btn btn-sm btn-primary"
        aria-label={`Pay for ${order.number}: ${order.parts}`}
      >
        Pay
      </Link>
    );
  if (!order.paid) return <span className="text-sm opacity-80">Not paid</span>;
  return (
    <div className="flex flex-col">
      <span className="font-semibold text-green-800">{paymentWord(order)}</span>
      <span className="font-mono text-xs break-all">{order.transactionId}</span>
    </div>
  );
}

/** How a paid order's money stands: Paid, Refunded, or how much of it went back. */
export function paymentWord(order: Order): string {
  if (order.status === 'refunded') return 'Refunded';
  if (order.refundedCents > 0) return `Partially refunded: ${formatDollars(order.refundedCents)}`;
  return 'Paid';
}

/** Remove, when the order can still be cancelled (unpaid only: a paid order stays). */
export function RemoveButton({ order, onRemove }: { order: Order; onRemove: (order: Order) => void }) {
  if (!order.actions.includes('cancel')) return null;
  return (
    <button
      type="button"
      className="btn btn-sm btn-outline btn-danger"
      aria-label={`Remove the order ${order.number}: ${order.parts}`}
      onClick={() => onRemove(order)}
    >
      Remove
    </button>
  );
}

/** The order's number and day, linking to its own page (lines, address, receipt). */
export function OrderLink({ order }: { order: Order }) {
  return (
    <Link to={orderPagePath(order._id)} className="link">
      <OrderNumber order={order} />
      <span className="sr-only">details and receipt</span>
    </Link>
  );
}

/** Ships to: the address the order goes to, as given at checkout. */
export function ShipsTo({ order }: { order: Order }) {
  const { name, address, location, region, postalCode, country, phone } = order.shippingAddress;
  // "Oakland, CA 94612", then the country by name (orders from before the address book have neither).
  const town = [location, [region, postalCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return (
    <address className="not-italic">
      {[name, address, town, country ? countryName(country) : '', phone].filter(Boolean).map((line) => (
        <span key={line} className="block">
          {line}
        </span>
      ))}
    </address>
  );
}
