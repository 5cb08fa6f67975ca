import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Cart as WireCart } from '#shared/contracts/cart.ts';
import { apiFetch } from '#web/lib/api-client.ts';
import { cartQueryKey } from '#web/lib/query-keys.ts';
import { toCart } from './cart';

/**
 * Adds a part to the cart or sets its line's quantity; answers the whole cart. `laptop`: the shopper's
 * laptop (a model's slug) when adding, which the line and then the order keep; left out, the line keeps
 * the one it had.
 */
export const setCartItem = async ({
  partId,
  quantity,
  laptop,
}: {
  partId: string;
  quantity: number;
  laptop?: string;
}) =>
  toCart(
    await apiFetch<WireCart>(`/api/cart/items/${encodeURIComponent(partId)}`, {
      method: 'PUT',
      body: { quantity, ...(laptop && { laptop }) },
    }),
  );

export function useSetCartItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setCartItem,
    // One change at a time, in the order made: quick presses of + arrive as pressed.
    scope: { id: 'cart' },
    onSuccess: (cart) => queryClient.setQueryData(cartQueryKey, cart),
    // A refusal usually means the stock moved: show the cart as it is now.
    onError: () => queryClient.invalidateQueries({ queryKey: cartQueryKey }),
  });
}
