import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Return, ReturnRequestInput } from '#shared/contracts/returns.ts';
import { apiFetch } from '#web/lib/api-client.ts';
import { withOrderToken } from '#web/lib/order-link.ts';

/** Every answer about returns starts with this key: a change to one drops them all. */
export const returnsKey = ['returns'] as const;

const orderReturnsPath = (orderId: string, token?: string) =>
  withOrderToken(`/api/purchase/${encodeURIComponent(orderId)}/returns`, token);

/** An order's returns, for its buyer (a visitor's by the order's link `token`). */
export const orderReturnsQueryOptions = (orderId: string, token?: string) =>
  queryOptions({
    queryKey: [...returnsKey, 'order', orderId],
    queryFn: ({ signal }) => apiFetch<Return[]>(orderReturnsPath(orderId, token), { signal }),
  });

export const useOrderReturns = (orderId: string, token?: string) =>
  useQuery(orderReturnsQueryOptions(orderId, token));

/** Asks to send back some units of an order's lines. */
export function useRequestReturn(orderId: string, token?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ReturnRequestInput) =>
      apiFetch<Return>(orderReturnsPath(orderId, token), { method: 'POST', body: input }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: returnsKey }),
  });
}
