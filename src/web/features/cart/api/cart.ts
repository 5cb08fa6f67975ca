import type { Cart as WireCart, CartItem as WireCartItem } from '#shared/contracts/cart.ts';
import { type WithStock, withStock } from '#web/lib/part.ts';

/**
 * A cart line as the web app reads it: its part's stock under the web app's names (lib/part.ts). Every
 * cart the web app sees is the shop's answer (a visitor's cart too, kept by the shop under a cookie),
 * so renaming each answer here is the one place it happens.
 */
export type CartItem = WithStock<WireCartItem>;
export type Cart = Omit<WireCart, 'items'> & { items: CartItem[] };

export const toCart = (wire: WireCart): Cart => ({ ...wire, items: wire.items.map(withStock) });
