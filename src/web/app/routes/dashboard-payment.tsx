import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { QueryError } from '../../components/ui/query-error';
import { Spinner } from '../../components/ui/spinner';
import { ordersQueryKey } from '../../features/orders/api/get-my-orders';
import { useOrder } from '../../features/orders/api/get-order';
import { PaymentPanel } from '../../features/payments/components/payment-panel';
import { ApiError } from '../../lib/api-client';
import { formatDeadline } from '../../lib/format-date';
import { useDocumentTitle } from '../../lib/use-document-title';

/** An order that cannot be paid any more: what happened, and the way back. */
function NotPayable({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="flex flex-col items-start gap-3">
      <h1 className="text-2xl font-bold">{title}</h1>
      {children}
      <Link to="/dashboard/order" className="btn btn-primary">
        Back to My Orders
      </Link>
    </div>
  );
}

export function DashboardPaymentRoute() {
  const { id = '' } = useParams();
  const order = useOrder(id);
  const queryClient = useQueryClient();
  useDocumentTitle(order.data ? `Pay for ${order.data.number}` : 'Payment');

  if (order.isPending) return <Spinner label="Loading the order…" />;
  if (order.isError) {
    if (order.error instanceof ApiError && order.error.status === 404)
      return <NotPayable title="Order not found" />;
    return (
      <QueryError
        title="The order could not be loaded."
        error={order.error}
        onRetry={() => void order.refetch()}
      />
    );
  }
  const { status, number } = order.data;
  if (status === 'cancelled')
    return (
      <NotPayable title="This order was removed">
        <p>Order {number} was removed, so there is nothing to pay. Its parts went back on sale.</p>
      </NotPayable>
    );
  if (status === 'expired') {
    const expiredAt = order.data.timeline.findLast((event) => event.status === 'expired')?.at;
    return (
      <NotPayable title="This order expired">
        <p>
          Order {number} was not paid in time{expiredAt ? ` (by ${formatDeadline(expiredAt)})` : ''}, so its
          parts went back on sale. Add them to your cart again to order them.
        </p>
      </NotPayable>
    );
  }
  if (status === 'refunded')
    return (
      <NotPayable title="This order was refunded">
        <p>The payment for order {number} was refunded.</p>
      </NotPayable>
    );
  return (
    <PaymentPanel
      order={order.data}
      onPaid={() => void queryClient.invalidateQueries({ queryKey: ordersQueryKey })}
      onGone={() => void order.refetch()}
    />
  );
}
