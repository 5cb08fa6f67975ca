import { useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { QueryError } from '../../components/ui/query-error';
import { Spinner } from '../../components/ui/spinner';
import { ordersQueryKey } from '../../features/orders/api/get-my-orders';
import { useOrder } from '../../features/orders/api/get-order';
import { PaymentPanel } from '../../features/payments/components/payment-panel';
import { ApiError } from '../../lib/api-client';

export function DashboardPaymentRoute() {
  const { id = '' } = useParams();
  const order = useOrder(id);
  const queryClient = useQueryClient();

  if (order.isPending) return <Spinner label="Loading the order…" />;
  if (order.isError) {
    if (order.error instanceof ApiError && order.error.status === 404) {
      return (
        <div className="flex flex-col items-start gap-3">
          <h1 className="text-2xl font-bold">Order not found</h1>
          <Link to="/dashboard/order" className="btn btn-primary">
            Back to My Orders
          </Link>
        </div>
      );
    }
    return (
      <QueryError
        title="The order could not be loaded."
        error={order.error}
        onRetry={() => void order.refetch()}
      />
    );
  }
  if (order.data.status === 'cancelled') {
    return (
      <div className="flex flex-col items-start gap-3">
        <h1 className="text-2xl font-bold">This order was removed</h1>
        <Link to="/dashboard/order" className="btn btn-primary">
          Back to My Orders
        </Link>
      </div>
    );
  }
  return (
    <PaymentPanel
      order={order.data}
      onPaid={() => void queryClient.invalidateQueries({ queryKey: ordersQueryKey })}
    />
  );
}
