import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import type { Order } from '#shared/contracts/order.ts';
import { QueryError } from '#web/components/ui/query-error.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { guestOrderQueryOptions } from '#web/features/orders/api/get-guest-order.ts';
import { PaymentPanel } from '#web/features/payments/components/payment-panel.tsx';
import { whyNotPayable } from '#web/features/payments/why-not-payable.ts';
import { OrderReturns } from '#web/features/returns/components/order-returns.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';

/** What this page says instead of the order, with the way back to the parts. */
function Notice({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="flex flex-col items-start gap-3">
      <h1 className="text-2xl font-bold">{title}</h1>
      {children}
      <Link to="/parts" className="btn btn-primary">
        Browse the parts
      </Link>
    </div>
  );
}

/** The order (or what happened to it), once read. */
function GuestOrder({ order, token, onChanged }: { order: Order; token: string; onChanged: () => void }) {
  const gone = whyNotPayable(order);
  if (gone)
    return (
      <Notice title={gone.title}>
        <p>{gone.text}</p>
      </Notice>
    );
  return (
    <>
      <PaymentPanel order={order} token={token} onPaid={onChanged} onGone={onChanged} />
      <OrderReturns order={order} token={token} />
    </>
  );
}

/**
 * /orders/:id?token=… — a visitor's order, through the private link its checkout answered and its mails
 * carry: the order and its card form while unpaid, its state after. A document of its own, as the
 * customer's payment page is (the only pages that may load the card provider's script).
 */
export function GuestOrderRoute() {
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const order = useQuery({ ...guestOrderQueryOptions(id, token), enabled: token !== '' });
  useDocumentTitle(order.data ? `Order ${order.data.number}` : 'Your order');

  const content = () => {
    if (!token)
      return (
        <Notice title="This link is incomplete">
          <p>Open the link from your order’s mail as it is: it holds the key to your order.</p>
        </Notice>
      );
    if (order.isPending) return <Spinner label="Loading your order…" />;
    if (order.isError) {
      if (order.error instanceof ApiError && order.error.status === 404)
        return (
          <Notice title="Order not found">
            <p>This link does not open an order. Open the link from your order’s mail as it is.</p>
          </Notice>
        );
      return (
        <QueryError
          title="Your order could not be loaded."
          error={order.error}
          onRetry={() => void order.refetch()}
        />
      );
    }
    return <GuestOrder order={order.data} token={token} onChanged={() => void order.refetch()} />;
  };
  return (
    <main id="main" className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-10">
      {content()}
    </main>
  );
}
