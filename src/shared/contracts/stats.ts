import { z } from 'zod';
import { orderStatusSchema } from './order';

/** The owner's overview: the last 30 days of sales, orders by status, best sellers and low stock. */
export const statsSchema = z.object({
  currency: z.string(),
  /** One entry per day, oldest first, days without sales included (UTC days). */
  revenue: z.array(z.object({ day: z.string(), totalCents: z.number().int(), orders: z.number().int() })),
  ordersByStatus: z.record(orderStatusSchema, z.number().int()),
  /** Units sold in paid, shipped or delivered orders over the same 30 days. */
  bestSellers: z.array(
    z.object({
      partId: z.string(),
      name: z.string(),
      units: z.number().int(),
      revenueCents: z.number().int(),
    }),
  ),
  /** Parts on sale with less than twice their minimum order in stock, the scarcest first. */
  lowStock: z.array(
    z.object({
      partId: z.string(),
      name: z.string(),
      available: z.number().int(),
      minimum: z.number().int(),
      category: z.string(),
    }),
  ),
  lowStockTotal: z.number().int(),
  /** Parts on sale that cannot be bought now, by how many confirmed addresses wait for them. */
  mostWanted: z.array(
    z.object({
      partId: z.string(),
      name: z.string(),
      subscribers: z.number().int(),
      available: z.number().int(),
      minimum: z.number().int(),
    }),
  ),
});
export type Stats = z.infer<typeof statsSchema>;

export const STATS_DAYS = 30;
export const LOW_STOCK_LIMIT = 20;
export const MOST_WANTED_LIMIT = 10;
