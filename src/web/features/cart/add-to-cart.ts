import type { QueryClient } from '@tanstack/react-query';
import { errorMessage } from '#web/lib/error-message.ts';
import { notify } from '#web/lib/notify.tsx';
import { cartQueryKey } from '#web/lib/query-keys.ts';
import { cartQueryOptions } from './api/get-cart';
import { setCartItem } from './api/set-cart-item';
import { type Bounds, quantityAfterAdding } from './cart-quantity';

export interface PartToAdd extends Bounds {
  _id: string;
  name: string;
}

/**
 * Adds `adding` units of a part to the cart (see quantityAfterAdding) for the shopper's `laptop` (a
 * model's slug, if chosen) and says how it went in a toast (it never throws). One toast stands for
 * several adds in a row, with the way to the cart.
 */
export async function addToCart(
  queryClient: QueryClient,
  part: PartToAdd,
  adding: number,
  laptop?: string,
): Promise<void> {
  try {
    // The navbar has usually loaded the cart already; else this asks for it.
    const cart = await queryClient.fetchQuery({ ...cartQueryOptions(), staleTime: 60_000 });
    const inCart = cart.items.find((item) => item.partId === part._id)?.quantity ?? 0;
    const next = quantityAfterAdding(inCart, adding, part);
    if (next.error !== undefined) {
      notify.error(next.error);
      return;
    }
    queryClient.setQueryData(
      cartQueryKey,
      await setCartItem({ partId: part._id, quantity: next.quantity, laptop }),
    );
    notify.success(
      next.capped ? `Added to cart: all ${next.quantity} in stock are in your cart now.` : 'Added to cart',
      { key: 'added-to-cart', link: { label: 'View cart', to: '/cart' } },
    );
  } catch (error) {
    notify.error(errorMessage(error));
    // A refusal usually means the stock moved: the cart is asked for again when next shown.
    void queryClient.invalidateQueries({ queryKey: cartQueryKey });
  }
}
