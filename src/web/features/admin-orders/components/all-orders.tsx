import { useState } from 'react';
import type { OrderStatus } from '../../../../shared/contracts/order';
import { formatDollars } from '../../../../shared/money';
import { Pager } from '../../../components/ui/pager';
import { QueryError } from '../../../components/ui/query-error';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/error-message';
import { notify } from '../../../lib/notify';
import { useAllOrders, useShipOrder } from '../api/admin-orders';

const filters: { value: OrderStatus | ''; label: string }[] = [
  { value: '', label: 'All' },
  { value: 'unpaid', label: 'Unpaid' },
  { value: 'paid', label: 'Paid' },
  { value: 'shipped', label: 'Shipped' },
  { value: 'cancelled', label: 'Removed' },
];

const statusBadge: Record<OrderStatus, string> = {
  unpaid: 'badge-warning',
  paid: 'badge-success',
  shipped: 'badge-info',
  cancelled: 'badge-ghost',
};

/** Every order for the admins: customer, part, quantity, total, state; paid orders can be shipped. */
export function AllOrders() {
  const [status, setStatus] = useState<OrderStatus | ''>('');
  const [page, setPage] = useState(1);
  const orders = useAllOrders(status, page);
  const ship = useShipOrder();
  const pages = orders.data ? Math.max(1, Math.ceil(orders.data.total / orders.data.pageSize)) : 1;

  return (
    <section aria-labelledby="all-orders-heading" className="flex flex-col gap-4">
      <h1 id="all-orders-heading" className="text-2xl font-bold">
        All Orders
      </h1>
      <label className="flex items-center gap-2">
        <span>Show</span>
        <select
          className="select select-sm w-40"
          value={status}
          onChange={(event) => {
            setStatus(event.target.value as OrderStatus | '');
            setPage(1);
          }}
        >
          {filters.map((filter) => (
            <option key={filter.value} value={filter.value}>
              {filter.label}
            </option>
          ))}
        </select>
      </label>
      {orders.isPending ? (
        <Spinner label="Loading orders…" />
      ) : orders.isError ? (
        <QueryError
          title="The orders could not be loaded."
          error={orders.error}
          onRetry={() => void orders.refetch()}
        />
      ) : orders.data.orders.length === 0 ? (
        <p>No orders here.</p>
      ) : (
        <div className="overflow-x-auto rounded-box bg-base-100 shadow">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">Customer</th>
                <th scope="col">Part</th>
                <th scope="col">Quantity</th>
                <th scope="col">Total</th>
                <th scope="col">State</th>
                <th scope="col">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {orders.data.orders.map((order) => (
                <tr key={order._id}>
                  <td>
                    <div>{order.userName}</div>
                    <div className="text-xs opacity-80">{order.user}</div>
                  </td>
                  <td>{order.parts}</td>
                  <td>{order.quantity}</td>
                  <td>{formatDollars(order.totalCents)}</td>
                  <td>
                    <span className={`badge ${statusBadge[order.status]}`}>
                      {order.status === 'cancelled' ? 'removed' : order.status}
                    </span>
                  </td>
                  <td>
                    {order.status === 'paid' ? (
                      <button
                        type="button"
                        className="btn btn-sm btn-primary"
                        disabled={ship.isPending}
                        aria-label={`Mark the order of ${order.parts} for ${order.user} shipped`}
                        onClick={() =>
                          ship.mutate(order._id, {
                            onSuccess: () => notify.success('The order is marked shipped.'),
                            onError: (error) => notify.error(errorMessage(error)),
                          })
                        }
                      >
                        Mark shipped
                      </button>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager page={page} pages={pages} onPage={setPage} />
    </section>
  );
}
