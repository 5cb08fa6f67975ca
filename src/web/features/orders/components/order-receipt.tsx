import { Link } from 'react-router';
import type { Order } from '#shared/contracts/order.ts';
import { formatDollars } from '#shared/money.ts';
import { paymentPagePath } from '#shared/pages.ts';
import { SHOP_NAME } from '#shared/shop.ts';
import { DashboardPage } from '#web/components/ui/dashboard-page.tsx';
import { MoneyBreakdown } from '#web/components/ui/money-breakdown.tsx';
import { OrderStatusBadge } from '#web/components/ui/order-status-badge.tsx';
import { OrderTimeline } from '#web/components/ui/order-timeline.tsx';
import { TrackingNumber } from '#web/components/ui/tracking-number.tsx';
import { formatDayAndTime } from '#web/lib/format-date.ts';
import { ShipsTo, StatusDetail } from './order-parts';

/**
 * One order's page: what was bought (each line, for which laptop), where it goes, how it was paid and
 * where the parcel is, its history, and a receipt to print (the page itself, without the shop's
 * navigation).
 */
export function OrderReceipt({ order }: { order: Order }) {
  return (
    <DashboardPage headingId="order-heading" title={`Order ${order.number}`}>
      <p className="print:block hidden font-semibold">{SHOP_NAME} — receipt</p>
      <div className="flex flex-wrap items-center gap-3">
        <OrderStatusBadge status={order.status} />
        <span>
          Placed <time dateTime={order.createdAt}>{formatDayAndTime(order.createdAt)}</time>
        </span>
        <StatusDetail order={order} />
      </div>
      <div className="flex flex-wrap gap-2 print:hidden">
        <button type="button" className="btn btn-primary btn-sm" onClick={() => window.print()}>
          Print receipt
        </button>
        {order.actions.includes('pay') ? (
          <Link to={paymentPagePath(order._id)} className="btn btn-sm btn-outline">
            Pay for this order
          </Link>
        ) : null}
        <Link to="/dashboard/order" className="btn btn-sm btn-ghost">
          Back to My Orders
        </Link>
      </div>
      <section aria-labelledby="order-parts-heading" className="overflow-x-auto">
        <h2 id="order-parts-heading" className="mb-2 text-lg font-semibold">
          Parts
        </h2>
        <table className="table">
          <thead>
            <tr>
              <th scope="col">Part</th>
              <th scope="col">Quantity</th>
              <th scope="col" className="text-right">
                Unit price
              </th>
              <th scope="col" className="text-right">
                Line total
              </th>
            </tr>
          </thead>
          <tbody>
            {order.lines.map((line) => (
              <tr key={line.partId}>
                <td>
                  <span className="font-medium">{line.name}</span>
                  {line.forLaptop ? <span className="block text-xs">For {line.forLaptop.name}</span> : null}
                </td>
                <td>
                  {line.quantity}
                  {line.refundedQuantity > 0 ? (
                    <span className="block text-xs">{line.refundedQuantity} refunded</span>
                  ) : null}
                </td>
                <td className="text-right">{formatDollars(line.unitPriceCents)}</td>
                <td className="text-right">{formatDollars(line.lineTotalCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <div className="ml-auto mt-2 max-w-xs">
          <MoneyBreakdown
            figures={order}
            discountCode={order.discountCode}
            shippingMethod={order.shippingMethod}
          />
        </div>
      </section>
      <div className="grid gap-6 sm:grid-cols-2">
        <section aria-labelledby="order-address-heading">
          <h2 id="order-address-heading" className="mb-2 text-lg font-semibold">
            Ships to
          </h2>
          <ShipsTo order={order} />
        </section>
        <section aria-labelledby="order-payment-heading">
          <h2 id="order-payment-heading" className="mb-2 text-lg font-semibold">
            Payment
          </h2>
          {order.paid ? (
            <p>
              {order.status === 'refunded'
                ? 'Paid by card, then refunded.'
                : order.refundedCents > 0
                  ? `Paid by card. Partially refunded: ${formatDollars(order.refundedCents)} went back to the card.`
                  : 'Paid by card.'}{' '}
              <span className="block text-sm">
                Transaction <span className="font-mono break-all">{order.transactionId}</span>
              </span>
            </p>
          ) : (
            <p>Not paid.</p>
          )}
          {order.trackingNumber ? (
            <p className="mt-2">
              Tracking number: <TrackingNumber number={order.trackingNumber} />
            </p>
          ) : null}
        </section>
      </div>
      <section aria-labelledby="order-history-heading">
        <h2 id="order-history-heading" className="mb-2 text-lg font-semibold">
          History
        </h2>
        <OrderTimeline timeline={order.timeline} orderNumber={order.number} />
      </section>
    </DashboardPage>
  );
}
