import { z } from 'zod';
import { forLaptopSchema, laptopSlugSchema } from './laptop';
import { quantitySchema } from './order';

export const cartItemSchema = z.object({
  partId: z.string(),
  name: z.string(),
  img: z.string(),
  /** The part's price now, in dollars (cents alongside): a cart always shows current prices. */
  price: z.number(),
  priceCents: z.number().int(),
  quantity: z.number().int(),
  /** The line's price, in dollars (cents alongside); 0 for a line that is not `available`. */
  lineTotal: z.number(),
  lineTotalCents: z.number().int(),
  minquantity: z.number().int(),
  avaquantity: z.number().int(),
  /**
   * False once the part has left the shop (an admin removed it): the line is kept so that the customer
   * sees it and removes it, is out of the cart's sums, and checkout refuses the cart until it is gone.
   */
  available: z.boolean(),
  /** The laptop the customer had chosen when adding the part (the order line keeps it). */
  forLaptop: forLaptopSchema,
});
export type CartItem = z.infer<typeof cartItemSchema>;

/** The code applied to the cart, as the shop spells it, and what it takes off. */
export const appliedDiscountSchema = z.object({
  code: z.string(),
  kind: z.enum(['percent', 'amount']),
  value: z.number().int(),
  /** Why it takes nothing off now (the cart changed, it ended…); null while it applies. */
  problem: z.string().nullable(),
});

export const cartSchema = z.object({
  items: z.array(cartItemSchema),
  /** What the available lines cost at their prices. */
  subtotal: z.number(),
  subtotalCents: z.number().int(),
  discount: z.number(),
  discountCents: z.number().int(),
  discountCode: appliedDiscountSchema.nullable(),
  /** Null ("calculated at checkout") until a country and a shipping method are known. */
  shipping: z.number().nullable(),
  shippingCents: z.number().int().nullable(),
  /** Null until the country is known; with `pricesIncludeTax`, the part of the prices that is tax. */
  tax: z.number().nullable(),
  taxCents: z.number().int().nullable(),
  pricesIncludeTax: z.boolean(),
  /** What the buyer pays as far as it is known: subtotal − discount (+ shipping + tax once known). */
  total: z.number(),
  totalCents: z.number().int(),
  /** Units across the available lines (the navbar's count). */
  count: z.number().int(),
});
export type Cart = z.infer<typeof cartSchema>;

/** `GET /api/cart?country=&region=&shippingMethodId=`: where and how it would go, for shipping and tax. */
export const cartQuerySchema = z.object({
  country: z.string().trim().toUpperCase().max(2).optional(),
  region: z.string().trim().toUpperCase().max(3).optional(),
  shippingMethodId: z.string().trim().max(100).optional(),
});
export type CartQuery = z.input<typeof cartQuerySchema>;

/** `PUT /api/cart/discount`: the code a buyer typed. */
export const discountCodeInputSchema = z.object({
  code: z.string().trim().min(1, 'Enter a discount code').max(40, 'A discount code is at most 40 characters'),
});

/** Puts a part in the cart; `laptop` is "My laptop" (a model slug, null for none, left out: unchanged). */
export const cartItemInputSchema = z.object({
  quantity: quantitySchema,
  laptop: laptopSlugSchema.nullable().optional(),
});
export type CartItemInput = z.input<typeof cartItemInputSchema>;
