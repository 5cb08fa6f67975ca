import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { OrderLine, OrderStatus } from '#shared/contracts/order.ts';
import { formatDollars } from '#shared/money.ts';
import { orderPagePath } from '#shared/pages.ts';
import { FormError } from '#web/components/ui/form-feedback.tsx';
import { LineItems } from '#web/components/ui/line-items.tsx';
import { MoneyBreakdown } from '#web/components/ui/money-breakdown.tsx';
import { QueryError } from '#web/components/ui/query-error.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { errorMessage } from '#web/lib/error-message.ts';
import { formatDeadline } from '#web/lib/format-date.ts';
import { usePaymentIntent } from '../api/create-payment-intent';
import { useMarkPaid } from '../api/mark-paid';
import { SandboxCardForm } from './sandbox-card-form';

const StripeCardForm = lazy(() => import('./stripe-card-form'));

interface PaymentPanelProps {
  order: {
    _id: string;
    userName: string;
    user: string;
    parts: string;
    number: string;
    lines: OrderLine[];
    subtotalCents: number;
    discountCents: number;
    shippingCents: number;
    taxCents: number;
    pricesIncludeTax: boolean;
    discountCode: string | null;
    shippingMethod: string | null;
    totalCents: number;
    quantity: number;
    paid: boolean;
    status: OrderStatus;
    transactionId: string | null;
    /** Until when the order holds its parts (unpaid orders). */
    expiresAt: string | null;
    shippingAddress: { name: string; address: string; location: string; phone: string };
  };
  onPaid: () => void;
  /** The shop refused to take a payment for it (409: expired or removed meanwhile): look again. */
  onGone: () => void;
  /** A visitor's order, paid through its private link: its token (no My Orders to go back to). */
  token?: string;
}

/** The heading once the order is paid, by what has happened to it since. */
const PAID_HEADINGS: Partial<Record<OrderStatus, string>> = {
  paid: 'Your order is paid',
  shipped: 'Your order has shipped',
  delivered: 'Your order was delivered',
  partially_refunded: 'Your order was partly refunded',
};

/** After the payment: where the parts go, where the receipt went, and the ways on. */
function PaidNextSteps({ order, guest }: { order: PaymentPanelProps['order']; guest: boolean }) {
  const { name, address, location, phone } = order.shippingAddress;
  return (
    <div className="flex flex-col gap-3">
      <section aria-labelledby="shipping-to-heading">
        <h2 id="shipping-to-heading" className="font-semibold">
          Shipping to
        </h2>
        <address className="break-words not-italic">
          <span className="block">{name}</span>
          <span className="block">{address}</span>
          <span className="block">{location}</span>
          <span className="block">{phone}</span>
        </address>
      </section>
      <p>A receipt was sent to {order.user}.</p>
      {guest ? (
        <p>
          Keep the mail with the link to this order to follow it. Or{' '}
          <Link to="/signup" className="link">
            make an account
          </Link>{' '}
          with {order.user}: once you confirm the address, your orders are in My Orders.
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {guest ? null : (
          <Link to={orderPagePath(order._id)} className="btn btn-primary">
            View your order
          </Link>
        )}
        <Link to="/parts" className="btn btn-outline">
          Continue shopping
        </Link>
      </div>
    </div>
  );
}

/**
 * The payment page: greeting, the order (its number, lines and total), the card form, and the
 * outcome. Once paid, the heading says the order's state, with its address, the receipt and the ways
 * on. An order that can no longer be paid (it expired or was removed meanwhile) says so.
 */
export function PaymentPanel({ order, onPaid, onGone, token }: PaymentPanelProps) {
  const intent = usePaymentIntent(order._id, !order.paid, token);
  const refused = intent.error instanceof ApiError && intent.error.status === 409;
  // Once per refusal, whatever the parent passes on each render.
  const gone = useRef(onGone);
  gone.current = onGone;
  useEffect(() => {
    if (refused) gone.current();
  }, [refused]);
  const markPaid = useMarkPaid();
  const [transactionId, setTransactionId] = useState<string | null>(order.paid ? order.transactionId : null);
  const [error, setError] = useState<string | null>(null);
  const amountLabel = formatDollars(order.totalCents);
  // Paid here a moment ago (the order read before it still says unpaid), or earlier.
  const paidHeading = transactionId ? (PAID_HEADINGS[order.status] ?? PAID_HEADINGS.paid) : undefined;

  const handlePaid = async (paymentIntentId: string) => {
    setError(null);
    try {
      const paid = await markPaid.mutateAsync({ orderId: order._id, transactionId: paymentIntentId, token });
      setTransactionId(paid.transactionId);
      onPaid();
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };

  const formProps = {
    clientSecret: intent.data?.clientSecret ?? null,
    publishableKey: intent.data?.publishableKey ?? null,
    amountLabel,
    buyer: { name: order.userName, email: order.user },
    token,
    disabled: transactionId !== null,
    onAttempt: () => setError(null),
    onPaid: handlePaid,
  };

  return (
    <section aria-labelledby="payment-heading" className="card max-w-lg bg-base-100 shadow">
      <div className="card-body gap-3">
        <p className="font-semibold text-green-800">Hello, {order.userName}</p>
        <h1 id="payment-heading" className="card-title text-2xl">
          {/* One part is named; several are listed below instead of in one long heading. */}
          {paidHeading ??
            (order.lines.length === 1 ? `Please pay for ${order.parts}` : 'Please pay for your order')}
        </h1>
        <p className="text-sm">
          Order <span className="font-mono font-semibold">{order.number}</span>
        </p>
        <LineItems label="Parts in this order" lines={order.lines} />
        <MoneyBreakdown
          figures={order}
          discountCode={order.discountCode}
          shippingMethod={order.shippingMethod}
        />
        {order.expiresAt && !transactionId ? (
          <p className="text-sm">
            Pay by <span className="font-semibold">{formatDeadline(order.expiresAt)}</span>: the parts are
            held for you until then.
          </p>
        ) : null}
        {transactionId ? (
          <div role="status" className="alert alert-success flex flex-col items-start">
            <p className="font-semibold">Congrats! Your payment is completed.</p>
            <p>
              Your transaction Id: <span className="font-mono">{transactionId}</span>
            </p>
          </div>
        ) : refused ? (
          <div role="alert" className="flex flex-col items-start gap-2">
            <p className="font-semibold text-red-700">{errorMessage(intent.error)}</p>
            {token ? (
              <Link to="/parts" className="btn btn-primary">
                Browse the parts
              </Link>
            ) : (
              <Link to="/dashboard/order" className="btn btn-primary">
                Back to My Orders
              </Link>
            )}
          </div>
        ) : intent.isError ? (
          <QueryError
            title="The payment could not be prepared."
            error={intent.error}
            onRetry={() => void intent.refetch()}
          />
        ) : intent.data?.provider === 'stripe' ? (
          <Suspense fallback={<Spinner label="Loading the payment form…" />}>
            <StripeCardForm {...formProps} />
          </Suspense>
        ) : (
          <SandboxCardForm {...formProps} />
        )}
        <FormError message={error} />
        {transactionId ? <PaidNextSteps order={order} guest={token !== undefined} /> : null}
      </div>
    </section>
  );
}
