import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Cart as WireCart } from '#shared/contracts/cart.ts';
import { apiFetch } from '#web/lib/api-client.ts';
import { cartQueryKey } from '#web/lib/query-keys.ts';
import { toCart } from './cart';

/** Takes a part's line out of the cart; answers the whole cart. */
export const removeCartItem = async (partId: string) =>
  toCart(await apiFetch<WireCart>(`/api/cart/items/${encodeURIComponent(partId)}`, { method: 'DELETE' }));

export function useRemoveCartItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeCartItem,
    scope: { id: 'cart' },
    onSuccess: (cart) => queryClient.setQueryData(cartQueryKey, cart),
    onError: () => queryClient.invalidateQueries({ queryKey: cartQueryKey }),
  });
}
