import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Order } from '../../../../shared/contracts/order';
import { apiFetch } from '../../../lib/api-client';
import { partsQueryKey } from '../../catalog/api/get-parts';
import { ordersQueryKey } from './get-my-orders';

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
