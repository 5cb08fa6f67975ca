import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Cart as WireCart, CartItem as WireCartItem } from '#shared/contracts/cart.ts';
import { drawWithPageAnswers } from '#web/lib/page-answers.ts';
import { toCart } from './cart';
import { getCart } from './get-cart';
import { setCartItem } from './set-cart-item';

// A cart as the shop answers it (a visitor's too: the shop keeps it under a cookie, the browser keeps
// no copy), each line with its part's stock under the spec's old names.
const line = (partId: string, available: boolean): WireCartItem => ({
  partId,
  name: `Part ${partId}`,
  img: '/images/parts/hinge-set.webp',
  price: 12.5,
  priceCents: 1250,
  quantity: 2,
  lineTotal: available ? 25 : 0,
  lineTotalCents: available ? 2500 : 0,
  minquantity: 1,
  avaquantity: 10,
  available,
  forLaptop: null,
});
const wire: WireCart = {
  items: [line('fan', true), line('gone', false)],
  subtotal: 25,
  subtotalCents: 2500,
  discount: 0,
  discountCents: 0,
  discountCode: null,
  shipping: null,
  shippingCents: null,
  tax: null,
  taxCents: null,
  pricesIncludeTax: false,
  total: 25,
  totalCents: 2500,
  count: 2,
};
const named = {
  ...wire,
  items: wire.items.map(({ minquantity: _minimum, avaquantity: _available, ...rest }) => ({
    ...rest,
    minimumQuantity: 1,
    availableQuantity: 10,
  })),
};

afterEach(() => vi.restoreAllMocks());

describe('the cart under the web app names', () => {
  it("renames each line's stock and keeps the rest, the line's own `available` flag included", () => {
    const cart = toCart(wire);
    expect(cart).toStrictEqual(named);
    expect(cart.items.map((item) => item.available)).toEqual([true, false]);
  });

  it('comes renamed from the API, from the answer the page came with, and from a change', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => Response.json(wire));
    await expect(getCart()).resolves.toStrictEqual(named);
    await expect(
      drawWithPageAnswers({ '/api/cart': { body: wire, total: null } }, () => getCart()),
    ).resolves.toStrictEqual(named);
    await expect(setCartItem({ partId: 'fan', quantity: 2 })).resolves.toStrictEqual(named);
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});
