import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CheckoutInput, Order } from '#shared/contracts/order.ts';
import { apiFetch } from '#web/lib/api-client.ts';
import { cartQueryKey, ordersQueryKey } from '#web/lib/query-keys.ts';

/**
 * The cart becomes one order shipped to this address; a visitor's answers its private link
 * (`orderUrl`). The Idempotency-Key makes the retries of one Place order (after a lost answer) that one
 * order.
 */
export const checkout = ({ input, idempotencyKey }: { input: CheckoutInput; idempotencyKey: string }) =>
  apiFetch<{ order: Order; orderUrl?: string }>('/api/checkout', {
    method: 'POST',
    body: input,
    headers: { 'idempotency-key': idempotencyKey },
  });

export function useCheckout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: checkout,
    // The orders list changes, and a refusal (stock ran short) changes what the cart can hold. On
    // success the cart is left as it was cached: the payment page opens as a new document anyway.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ordersQueryKey }),
    onError: () => queryClient.invalidateQueries({ queryKey: cartQueryKey }),
  });
}
