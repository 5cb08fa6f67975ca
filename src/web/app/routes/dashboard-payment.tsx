import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { QueryError } from '#web/components/ui/query-error.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { useOrder } from '#web/features/orders/api/get-order.ts';
import { PaymentPanel } from '#web/features/payments/components/payment-panel.tsx';
import { whyNotPayable } from '#web/features/payments/why-not-payable.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { ordersQueryKey } from '#web/lib/query-keys.ts';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';

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
  const gone = whyNotPayable(order.data);
  if (gone)
    return (
      <NotPayable title={gone.title}>
        <p>{gone.text}</p>
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
