import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminOrderList } from '../../../../shared/contracts/admin';
import type { Order, OrderStatus } from '../../../../shared/contracts/order';
import { apiFetch } from '../../../lib/api-client';

const adminOrdersKey = ['orders', 'all'] as const;

export const getAllOrders = (status: OrderStatus | '', page: number, signal?: AbortSignal) =>
  apiFetch<AdminOrderList>(
    `/api/orders?${new URLSearchParams({ ...(status && { status }), page: String(page) })}`,
    { signal },
  );

export const allOrdersQueryOptions = (status: OrderStatus | '', page: number) =>
  queryOptions({
    queryKey: [...adminOrdersKey, status, page],
    queryFn: ({ signal }) => getAllOrders(status, page, signal),
    placeholderData: keepPreviousData,
  });

export const useAllOrders = (status: OrderStatus | '', page: number) =>
  useQuery(allOrdersQueryOptions(status, page));

export const shipOrder = (id: string) =>
  apiFetch<Order>(`/api/orders/${encodeURIComponent(id)}/ship`, { method: 'POST' });

export function useShipOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: shipOrder,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminOrdersKey }),
  });
}
