import { z } from 'zod';

/** A part as the shop reads it: the spec's read shape plus the exact price in cents. */
export const partSchema = z.object({
  _id: z.string(),
  name: z.string(),
  img: z.string(),
  price: z.number(),
  priceCents: z.number().int(),
  minquantity: z.number().int(),
  avaquantity: z.number().int(),
  description: z.string(),
});

export type Part = z.infer<typeof partSchema>;

export const partListSchema = z.array(partSchema);
