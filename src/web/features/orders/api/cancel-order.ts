import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Order } from '#shared/contracts/order.ts';
import { apiFetch } from '#web/lib/api-client.ts';
import { ordersQueryKey, partsQueryKey } from '#web/lib/query-keys.ts';

export const cancelOrder = (id: string) =>
  apiFetch<{ success: true; order: Order }>(`/api/purchase/${encodeURIComponent(id)}`, { method: 'DELETE' });

export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelOrder,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ordersQueryKey }),
        queryClient.invalidateQueries({ queryKey: partsQueryKey }),
      ]),
  });
}
