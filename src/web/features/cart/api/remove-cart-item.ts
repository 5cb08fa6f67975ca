import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Cart } from '#shared/contracts/cart.ts';
import { apiFetch } from '#web/lib/api-client.ts';
import { cartQueryKey } from '#web/lib/query-keys.ts';

/** Takes a part's line out of the cart; answers the whole cart. */
export const removeCartItem = (partId: string) =>
  apiFetch<Cart>(`/api/cart/items/${encodeURIComponent(partId)}`, { method: 'DELETE' });

export function useRemoveCartItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeCartItem,
    scope: { id: 'cart' },
    onSuccess: (cart) => queryClient.setQueryData(cartQueryKey, cart),
    onError: () => queryClient.invalidateQueries({ queryKey: cartQueryKey }),
  });
}
