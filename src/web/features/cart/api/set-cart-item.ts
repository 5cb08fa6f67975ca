import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Cart } from '../../../../shared/contracts/cart';
import { apiFetch } from '../../../lib/api-client';
import { cartQueryKey } from './get-cart';

/** Adds a part to the cart or sets its line's quantity; answers the whole cart. */
export const setCartItem = ({ partId, quantity }: { partId: string; quantity: number }) =>
  apiFetch<Cart>(`/api/cart/items/${encodeURIComponent(partId)}`, { method: 'PUT', body: { quantity } });

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
