import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Cart as WireCart } from '#shared/contracts/cart.ts';
import { apiFetch } from '#web/lib/api-client.ts';
import { cartQueryKey } from '#web/lib/query-keys.ts';
import { toCart } from './cart';

/** Applies a code to the cart (replacing another); a refusal says why. Answers the whole cart. */
export const applyDiscountCode = async (code: string) =>
  toCart(await apiFetch<WireCart>('/api/cart/discount', { method: 'PUT', body: { code } }));

export function useApplyDiscountCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applyDiscountCode,
    scope: { id: 'cart' },
    onSuccess: (cart) => {
      queryClient.setQueryData(cartQueryKey, cart);
      // The checkout's summary, priced for its address, asks again.
      return queryClient.invalidateQueries({ queryKey: cartQueryKey, exact: false });
    },
  });
}
