import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RefundInput } from '#shared/contracts/admin.ts';
import type { Order } from '#shared/contracts/order.ts';
import { apiFetch } from '#web/lib/api-client.ts';
import { adminOrdersKey } from './get-all-orders';

/**
 * Gives some or all of a paid, shipped or delivered order's money back (the server works out how much);
 * with `restock`, the refunded parts return to stock.
 */
export const refundOrder = ({ id, ...input }: RefundInput & { id: string }) =>
  apiFetch<Order>(`/api/orders/${encodeURIComponent(id)}/refund`, { method: 'POST', body: input });

export function useRefundOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refundOrder,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminOrdersKey }),
  });
}
