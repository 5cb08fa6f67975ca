import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/database.ts';
import { prepared } from '#server/db/prepared.ts';
import { parts } from '#server/db/schema.ts';
import { Conflict, Invalid, notFound } from '#server/lib/domain-errors.ts';
import { quantityOutOfBounds } from '#shared/contracts/order.ts';
import { onSale } from './on-sale';

/**
 * Why `quantity` of a part cannot be had, read afresh once a write conditional on it (a cart line, an
 * order's stock) wrote nothing: 404 the part is not on sale, 400 below its minimum, 409 beyond its
 * stock; null when it can be had now (its stock came back in between). `about` words the message (an
 * order of several lines names the part). One rule for the cart and for checkout.
 */
export async function quantityRefusal(
  db: Db,
  partId: string,
  quantity: number,
  about: (message: string) => string = (message) => message,
): Promise<Error | null> {
  const [part] = await prepared(db, 'part_stock', (on, name) =>
    on
      .select({ minimum: parts.minQuantity, available: parts.availableQuantity })
      .from(parts)
      .where(and(eq(parts.id, sql.placeholder('partId')), onSale))
      .prepare(name),
  ).execute({ partId });
  if (!part) return notFound('Part');
  if (quantity < part.minimum) {
    const message = about(quantityOutOfBounds.belowMinimum(part.minimum));
    return new Invalid('below_minimum', message, { quantity: message });
  }
  if (quantity > part.available) {
    const message = about(
      part.available === 0 ? 'This part is out of stock.' : quantityOutOfBounds.beyondStock(part.available),
    );
    return new Conflict('out_of_stock', message, { quantity: message });
  }
  return null;
}

/** A part's stock that moved back and forth while it was being written: the buyer may try again. */
export function stockChanging(about: (message: string) => string = (message) => message): Error {
  const message = about('This part’s stock is changing right now. Try again.');
  return new Conflict('out_of_stock', message, { quantity: message });
}
