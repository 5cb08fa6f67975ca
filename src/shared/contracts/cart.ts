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

export const cartSchema = z.object({
  items: z.array(cartItemSchema),
  /** What the available lines cost. */
  total: z.number(),
  totalCents: z.number().int(),
  /** Units across the available lines (the navbar's count). */
  count: z.number().int(),
});
export type Cart = z.infer<typeof cartSchema>;

/** Puts a part in the cart; `laptop` is "My laptop" (a model slug, null for none, left out: unchanged). */
export const cartItemInputSchema = z.object({
  quantity: quantitySchema,
  laptop: laptopSlugSchema.nullable().optional(),
});
export type CartItemInput = z.input<typeof cartItemInputSchema>;
