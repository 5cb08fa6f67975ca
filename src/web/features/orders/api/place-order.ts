import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Order, PurchaseInput } from '#shared/contracts/order.ts';
import { apiFetch } from '#web/lib/api-client.ts';
import { ordersQueryKey, partsQueryKey } from '#web/lib/query-keys.ts';

/** BUY NOW as the app says it: the part's id by its name (the wire's `purchaseId`). */
export type PurchaseOrder = Omit<PurchaseInput, 'purchaseId'> & { partId: string };

/**
 * The Idempotency-Key makes a repeated submit (double click, retry after a timeout) one order. The
 * spec's body names the part `purchaseId` (elsewhere an order's id): named so here, and only here.
 */
export const placeOrder = ({
  input: { partId, ...input },
  idempotencyKey,
}: {
  input: PurchaseOrder;
  idempotencyKey: string;
}) =>
  apiFetch<{ success: true; order: Order }>('/api/purchase', {
    method: 'POST',
    body: { purchaseId: partId, ...input } satisfies PurchaseInput,
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
