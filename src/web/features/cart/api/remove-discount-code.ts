import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Cart as WireCart } from '#shared/contracts/cart.ts';
import { apiFetch } from '#web/lib/api-client.ts';
import { cartQueryKey } from '#web/lib/query-keys.ts';
import { toCart } from './cart';

/** Takes the code off the cart; answers the whole cart. */
export const removeDiscountCode = async () =>
  toCart(await apiFetch<WireCart>('/api/cart/discount', { method: 'DELETE' }));

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
