import { Link } from 'react-router';
import type { Order } from '#shared/contracts/order.ts';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { DashboardPage } from '#web/components/ui/dashboard-page.tsx';
import { QueryView } from '#web/components/ui/query-view.tsx';
import { useConfirm } from '#web/components/ui/use-confirm.ts';
import { notify } from '#web/lib/notify.tsx';
import { useCancelOrder } from '../api/cancel-order';
import { useMyOrders } from '../api/get-my-orders';
import { MyOrdersTable } from './my-orders-table';

/** My Orders: every order with its number, lines, total and status; Pay and Remove for unpaid ones. */
export function MyOrders() {
  const orders = useMyOrders();
  const cancel = useCancelOrder();
  const removing = useConfirm<Order>();

  const confirmRemove = (order: Order) => {
    removing.setError(null);
    cancel.mutate(order._id, {
      onSuccess: () => {
        notify.success('The order was removed.');
        removing.succeeded(order);
      },
      // Said in the dialog, which stays open (e.g. the order was paid meanwhile: 409), or in a toast
      // when the customer pressed Cancel while waiting (offline, the shop not answering).
      onError: (error) => removing.failed(order, error),
    });
  };

  return (
    <DashboardPage headingId="orders-heading" title="My Orders">
      <QueryView
        query={orders}
        loadingLabel="Loading your orders…"
        errorTitle="Your orders could not be loaded."
        isEmpty={(list) => list.length === 0}
        empty={
          <div className="flex flex-col items-start gap-3">
            <p>You have no orders yet.</p>
            <Link to="/parts" className="btn btn-primary">
              Browse the parts
            </Link>
          </div>
        }
      >
        {(list) => <MyOrdersTable orders={list} onRemove={removing.ask} />}
      </QueryView>
      <ConfirmDialog
        subject={removing.subject}
        title="Remove this order?"
        message={(order) =>
          `Your order ${order.number} (${order.parts}) will be cancelled and the parts returned to stock.`
        }
        confirmLabel="Remove order"
        pending={cancel.isPending}
        error={removing.error}
        onConfirm={confirmRemove}
        onCancel={removing.close}
      />
    </DashboardPage>
  );
}
