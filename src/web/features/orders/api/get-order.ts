import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Order } from '#shared/contracts/order.ts';
import { apiFetch } from '#web/lib/api-client.ts';
import { ordersQueryKey } from '#web/lib/query-keys.ts';

export const getOrder = (id: string, signal?: AbortSignal) =>
  apiFetch<Order>(`/api/purchase/${encodeURIComponent(id)}`, { signal });

export const orderQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...ordersQueryKey, id],
    queryFn: ({ signal }) => getOrder(id, signal),
    staleTime: 0,
  });

export const useOrder = (id: string) => useQuery(orderQueryOptions(id));
