import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminOrderList } from '../../../../shared/contracts/admin';
import type { OrderStatus } from '../../../../shared/contracts/order';
import { apiFetch } from '../../../lib/api-client';

export const adminOrdersKey = ['orders', 'all'] as const;

export interface AllOrdersFilter {
  status: OrderStatus | '';
  /** An order number or part of the buyer's email; '' for every order. */
  q: string;
  page: number;
}

export const getAllOrders = ({ status, q, page }: AllOrdersFilter, signal?: AbortSignal) =>
  apiFetch<AdminOrderList>(
    `/api/orders?${new URLSearchParams({ ...(status && { status }), ...(q && { q }), page: String(page) })}`,
    { signal },
  );

export const allOrdersQueryOptions = (filter: AllOrdersFilter) =>
  queryOptions({
    queryKey: [...adminOrdersKey, filter.status, filter.q, filter.page],
    queryFn: ({ signal }) => getAllOrders(filter, signal),
    placeholderData: keepPreviousData,
  });

export const useAllOrders = (filter: AllOrdersFilter) => useQuery(allOrdersQueryOptions(filter));
