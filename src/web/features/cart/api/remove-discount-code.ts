import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Cart } from '#shared/contracts/cart.ts';
import { apiFetch } from '#web/lib/api-client.ts';
import { cartQueryKey } from '#web/lib/query-keys.ts';

/** Takes the code off the cart; answers the whole cart. */
export const removeDiscountCode = () => apiFetch<Cart>('/api/cart/discount', { method: 'DELETE' });

export function useRemoveDiscountCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeDiscountCode,
    scope: { id: 'cart' },
    onSuccess: (cart) => {
      queryClient.setQueryData(cartQueryKey, cart);
      return queryClient.invalidateQueries({ queryKey: cartQueryKey, exact: false });
    },
  });
}
