import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Order, OrderStatus } from '#shared/contracts/order.ts';
import { ADMIN_PAGE_SIZE } from '#shared/page-sizes.ts';
import { apiFetchPage, pagedListPath } from '#web/lib/api-client.ts';
import { ordersQueryKey } from '#web/lib/query-keys.ts';

/** Under the orders' key: whatever refreshes a buyer's orders refreshes the admins' list too. */
export const adminOrdersKey = [...ordersQueryKey, 'all'] as const;

export interface AllOrdersFilter {
  status: OrderStatus | '';
  /** An order number or part of the buyer's email; '' for every order. */
  q: string;
  page: number;
}

/** One page of every order the filter selects, ADMIN_PAGE_SIZE a page, and how many in all. */
export const getAllOrders = ({ status, q, page }: AllOrdersFilter, signal?: AbortSignal) =>
  apiFetchPage<Order>(pagedListPath('/api/orders', { status, q }, { page, limit: ADMIN_PAGE_SIZE }), {
    signal,
  });

export const allOrdersQueryOptions = (filter: AllOrdersFilter) =>
  queryOptions({
    queryKey: [...adminOrdersKey, filter.status, filter.q, filter.page],
    queryFn: ({ signal }) => getAllOrders(filter, signal),
    placeholderData: keepPreviousData,
  });

export const useAllOrders = (filter: AllOrdersFilter) => useQuery(allOrdersQueryOptions(filter));
