import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { Order, OrderStatus } from '#shared/contracts/order.ts';
import { ORDER_STATUSES } from '#shared/order-status.ts';
import { ADMIN_PAGE_SIZE } from '#shared/page-sizes.ts';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { DashboardPage } from '#web/components/ui/dashboard-page.tsx';
import { Pager } from '#web/components/ui/pager.tsx';
import { QueryView } from '#web/components/ui/query-view.tsx';
import { useConfirm } from '#web/components/ui/use-confirm.ts';
import { notify } from '#web/lib/notify.tsx';
import { useDebouncedValue } from '#web/lib/use-debounced-value.ts';
import { useDeliverOrder } from '../api/deliver-order';
import { useAllOrders } from '../api/get-all-orders';
import { ordersCsvUrl } from '../api/orders-csv';
import { AllOrdersFilters } from './all-orders-filters';
import { AllOrdersTable } from './all-orders-table';
import { RefundOrderDialog } from './refund-order-dialog';
import { ShipOrderDialog } from './ship-order-dialog';

/**
 * All Orders for the admins: every order, newest first, filtered by status and found by number or
 * email (as typed), paged; paid orders can be marked shipped, shipped ones delivered, either refunded;
 * the orders the filter shows can be exported as CSV.
 */
export function AllOrders() {
  // The overview's links arrive with a status as ?status=.
  const [params] = useSearchParams();
  const [status, setStatus] = useState<OrderStatus | ''>(() => statusFrom(params.get('status')));
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim());
  // A page number belongs to its filter: a new filter or search starts at its first page.
  const filterKey = `${status}|${q}`;
  const [paging, setPaging] = useState({ filterKey, page: 1 });
  const page = paging.filterKey === filterKey ? paging.page : 1;
  const orders = useAllOrders({ status, q, page });
  const deliver = useDeliverOrder();
  const [shipping, setShipping] = useState<Order | null>(null);
  const delivering = useConfirm<Order>();
  const [refunding, setRefunding] = useState<Order | null>(null);
  const pages = orders.data ? Math.max(1, Math.ceil(orders.data.total / ADMIN_PAGE_SIZE)) : 1;

  const confirmDeliver = (order: Order) => {
    delivering.setError(null);
    deliver.mutate(order._id, {
      onSuccess: () => {
        notify.success(`${order.number} is marked delivered.`);
        delivering.succeeded(order);
      },
      onError: (error) => delivering.failed(order, error),
    });
  };

  return (
    <DashboardPage headingId="all-orders-heading" title="All Orders">
      <AllOrdersFilters status={status} search={search} onStatus={setStatus} onSearch={setSearch} />
      <QueryView query={orders} loadingLabel="Loading orders…" errorTitle="The orders could not be loaded.">
        {(result) => (
          <>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p role="status" className="text-sm">
                {result.total === 1 ? '1 order' : `${result.total} orders`}
              </p>
              {result.total > 0 ? (
                <a className="btn btn-sm btn-outline" href={ordersCsvUrl({ status, q })} download>
                  Export CSV
                </a>
              ) : null}
            </div>
            {result.data.length === 0 ? (
              <p>No orders here.</p>
            ) : (
              <AllOrdersTable
                orders={result.data}
                updating={orders.isPlaceholderData}
                busy={deliver.isPending}
                onShip={setShipping}
                onDeliver={delivering.ask}
                onRefund={setRefunding}
              />
            )}
            <Pager page={page} pages={pages} onPage={(next) => setPaging({ filterKey, page: next })} />
          </>
        )}
      </QueryView>
      <ShipOrderDialog order={shipping} onClose={() => setShipping(null)} />
      <RefundOrderDialog order={refunding} onClose={() => setRefunding(null)} />
      <ConfirmDialog
        subject={delivering.subject}
        title={(order) => `Mark ${order.number} delivered?`}
        message={(order) => `${order.userName} is told by email that the parcel has arrived.`}
        confirmLabel="Mark delivered"
        tone="primary"
        pending={deliver.isPending}
        error={delivering.error}
        onConfirm={confirmDeliver}
        onCancel={delivering.close}
      />
    </DashboardPage>
  );
}

const statusFrom = (value: string | null): OrderStatus | '' =>
  (ORDER_STATUSES as readonly string[]).includes(value ?? '') ? (value as OrderStatus) : '';
