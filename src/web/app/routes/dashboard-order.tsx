import { Link, useParams } from 'react-router';
import { QueryError } from '#web/components/ui/query-error.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { useOrder } from '#web/features/orders/api/get-order.ts';
import { OrderReceipt } from '#web/features/orders/components/order-receipt.tsx';
import { OrderReturns } from '#web/features/returns/components/order-returns.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';

/** /dashboard/orders/:id — one order of the signed-in customer (the server answers 404 for another's). */
export function DashboardOrderRoute() {
  const { id = '' } = useParams();
  const order = useOrder(id);
  useDocumentTitle(order.data ? `Order ${order.data.number}` : 'Order');

  if (order.isPending) return <Spinner label="Loading the order…" />;
  if (order.isError) {
    if (order.error instanceof ApiError && order.error.status === 404)
      return (
        <div className="flex flex-col items-start gap-3">
          <h1 className="text-2xl font-bold">Order not found</h1>
          <p>There is no such order among yours.</p>
          <Link to="/dashboard/order" className="btn btn-primary">
            Back to My Orders
          </Link>
        </div>
      );
    return (
      <QueryError
        title="The order could not be loaded."
        error={order.error}
        onRetry={() => void order.refetch()}
      />
    );
  }
  return (
    <div className="flex flex-col gap-8">
      <OrderReceipt order={order.data} />
      <OrderReturns order={order.data} />
    </div>
  );
}
