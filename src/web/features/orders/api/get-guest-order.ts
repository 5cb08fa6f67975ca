import { queryOptions } from '@tanstack/react-query';
import type { Order } from '#shared/contracts/order.ts';
import { ApiError, apiFetch } from '#web/lib/api-client.ts';
import { withOrderToken } from '#web/lib/order-link.ts';
import { ordersQueryKey } from '#web/lib/query-keys.ts';

/** A visitor's order, read with its private link's token. */
export const getGuestOrder = (id: string, token: string, signal?: AbortSignal) =>
  apiFetch<Order>(withOrderToken(`/api/purchase/${encodeURIComponent(id)}`, token), { signal });

/** Always fresh; a refusal (a token that does not open the order) is not asked again. */
export const guestOrderQueryOptions = (id: string, token: string) =>
  queryOptions({
    queryKey: [...ordersQueryKey, 'guest', id],
    queryFn: ({ signal }) => getGuestOrder(id, token, signal),
    staleTime: 0,
    retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 2,
  });
