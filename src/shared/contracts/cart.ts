import { z } from 'zod';
import { quantitySchema } from './order';

export const cartItemSchema = z.object({
  partId: z.string(),
  name: z.string(),
  img: z.string(),
  /** The part's price now, in dollars (cents alongside): a cart always shows current prices. */
  price: z.number(),
  priceCents: z.number().int(),
  quantity: z.number().int(),
  lineTotal: z.number(),
  lineTotalCents: z.number().int(),
  minquantity: z.number().int(),
  avaquantity: z.number().int(),
});
export type CartItem = z.infer<typeof cartItemSchema>;

export const cartSchema = z.object({
  items: z.array(cartItemSchema),
  total: z.number(),
  totalCents: z.number().int(),
  /** Units across all lines (the navbar's count). */
  count: z.number().int(),
});
export type Cart = z.infer<typeof cartSchema>;

export const cartItemInputSchema = z.object({ quantity: quantitySchema });
export type CartItemInput = z.input<typeof cartItemInputSchema>;
