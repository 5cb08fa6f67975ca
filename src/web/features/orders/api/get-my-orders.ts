import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Order } from '#shared/contracts/order.ts';
import { apiFetch } from '#web/lib/api-client.ts';
import { ordersQueryKey } from '#web/lib/query-keys.ts';

export const getMyOrders = (signal?: AbortSignal) => apiFetch<Order[]>('/api/purchase', { signal });

export const myOrdersQueryOptions = () =>
  queryOptions({
    queryKey: [...ordersQueryKey, 'mine'],
    queryFn: ({ signal }) => getMyOrders(signal),
    staleTime: 0,
  });

export const useMyOrders = () => useQuery(myOrdersQueryOptions());
