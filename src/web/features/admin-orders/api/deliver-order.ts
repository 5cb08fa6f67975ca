import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Order } from '#shared/contracts/order.ts';
import { apiFetch } from '#web/lib/api-client.ts';
import { adminOrdersKey } from './get-all-orders';

/** Marks a shipped order delivered. */
export const deliverOrder = (id: string) =>
  apiFetch<Order>(`/api/orders/${encodeURIComponent(id)}/deliver`, { method: 'POST' });

export function useDeliverOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deliverOrder,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminOrdersKey }),
  });
}
