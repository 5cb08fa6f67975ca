import { useState } from 'react';
import { Link } from 'react-router';
import type { Order } from '../../../../shared/contracts/order';
import { formatDollars } from '../../../../shared/money';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { QueryError } from '../../../components/ui/query-error';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/error-message';
import { notify } from '../../../lib/notify';
import { useCancelOrder } from '../api/cancel-order';
import { useMyOrders } from '../api/get-my-orders';

/** My Orders: the spec's columns plus quantity and total; Pay and Remove for unpaid orders. */
/** The payment page loads as a new document: only its Content-Security-Policy allows Stripe.js. */
export function MyOrders() {
  const orders = useMyOrders();
  const cancel = useCancelOrder();
  const [removing, setRemoving] = useState<Order | null>(null);

  const confirmRemove = () => {
    if (!removing) return;
    cancel.mutate(removing._id, {
      onSuccess: () => notify.success('The order was removed.'),
      onError: (error) => notify.error(errorMessage(error)),
      onSettled: () => setRemoving(null),
    });
  };

  return (
    <section aria-labelledby="orders-heading" className="flex flex-col gap-4">
      <h1 id="orders-heading" className="text-2xl font-bold">
        My Orders
      </h1>
      {orders.isPending ? (
        <Spinner label="Loading your orders…" />
      ) : orders.isError ? (
        <QueryError
          title="Your orders could not be loaded."
          error={orders.error}
          onRetry={() => void orders.refetch()}
        />
      ) : orders.data.length === 0 ? (
        <div className="flex flex-col items-start gap-3">
          <p>You have no orders yet.</p>
          <Link to="/" className="btn btn-primary">
            Browse the parts
          </Link>
        </div>
      ) : (
        <div className="overflow-x-auto rounded-box bg-base-100 shadow">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">#</th>
                <th scope="col">Name</th>
                <th scope="col">Email</th>
                <th scope="col">Parts Name</th>
                <th scope="col">Price/unit</th>
                <th scope="col">Quantity</th>
                <th scope="col">Total</th>
                <th scope="col">Payment</th>
                <th scope="col">Remove</th>
              </tr>
            </thead>
            <tbody>
              {orders.data.map((order, index) => (
                <tr key={order._id}>
                  <td>{index + 1}</td>
                  <td>{order.userName}</td>
                  <td>{order.user}</td>
                  <td>{order.parts}</td>
                  <td>{formatDollars(order.priceCents)}</td>
                  <td>{order.quantity}</td>
                  <td>{formatDollars(order.totalCents)}</td>
                  <td>
                    {order.paid ? (
                      <div className="flex flex-col">
                        <span className="font-semibold text-green-800">Paid</span>
                        <span className="font-mono text-xs">{order.transactionId}</span>
                      </div>
                    ) : (
                      <Link
                        to={`/dashboard/payment/${order._id}`}
                        className="btn btn-sm btn-primary"
                        aria-label={`Pay for ${order.parts}`}
                      >
                        Pay
                      </Link>
                    )}
                  </td>
                  <td>
                    {order.paid ? null : (
                      <button
                        type="button"
                        className="btn btn-sm btn-outline btn-danger"
                        aria-label={`Remove the order for ${order.parts}`}
                        onClick={() => setRemoving(order)}
                      >
                        Remove
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <ConfirmDialog
        open={removing !== null}
        title="Remove this order?"
        message={
          removing
            ? `Your order of ${removing.quantity} × ${removing.parts} will be cancelled and the parts returned to stock.`
            : ''
        }
        confirmLabel="Remove order"
        pending={cancel.isPending}
        onConfirm={confirmRemove}
        onCancel={() => setRemoving(null)}
      />
    </section>
  );
}
