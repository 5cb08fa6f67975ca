import type { Part } from '../../../shared/contracts/part';
import { centsToDollars } from '../../../shared/money';
import type { parts } from '../../db/schema';

/** Maps a stored part to the spec's read shape. */
export function toPartReadShape(row: typeof parts.$inferSelect): Part {
  return {
    _id: row.id,
    name: row.name,
    img: row.imageUrl,
    price: centsToDollars(row.priceCents),
    priceCents: row.priceCents,
    minquantity: row.minQuantity,
    avaquantity: row.availableQuantity,
    description: row.description,
  };
}
