import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Order, PurchaseInput } from '../../../../shared/contracts/order';
import { apiFetch } from '../../../lib/api-client';
import { partsQueryKey } from '../../catalog/api/get-parts';
import { ordersQueryKey } from './get-my-orders';

/** The Idempotency-Key makes a repeated submit (double click, retry after a timeout) one order. */
export const placeOrder = ({ input, idempotencyKey }: { input: PurchaseInput; idempotencyKey: string }) =>
  apiFetch<{ success: true; order: Order }>('/api/purchase', {
    method: 'POST',
    body: input,
    headers: { 'idempotency-key': idempotencyKey },
  });

export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: placeOrder,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ordersQueryKey }),
        queryClient.invalidateQueries({ queryKey: partsQueryKey }),
      ]),
  });
}
