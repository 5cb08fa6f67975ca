import { and, asc, eq } from 'drizzle-orm';
import { quantityOutOfBounds } from '../../../shared/contracts/order';
import type { Db } from '../../db/database';
import { cartItems, parts } from '../../db/schema';
import { AppError, notFound } from '../../http/errors';
import { recordId } from '../../http/record-id';
import { isUuid } from '../../lib/uuid';
import { onSale } from '../catalog/on-sale';

/** A customer's cart lines at today's prices and stock, oldest first; parts no longer sold are left out. */
export function getCartLines(db: Db, userId: string) {
  return db
    .select({
      partId: parts.id,
      name: parts.name,
      imageUrl: parts.imageUrl,
      priceCents: parts.priceCents,
      quantity: cartItems.quantity,
      minQuantity: parts.minQuantity,
      availableQuantity: parts.availableQuantity,
    })
    .from(cartItems)
    .innerJoin(parts, and(eq(parts.id, cartItems.partId), onSale))
    .where(eq(cartItems.userId, userId))
    .orderBy(asc(cartItems.createdAt), asc(parts.id));
}

export type CartLineRow = Awaited<ReturnType<typeof getCartLines>>[number];

/**
 * Puts a part in the cart with this quantity (adding or changing the line): the part must be on sale,
 * the quantity at least its minimum (400) and at most what is in stock now (409). Stock is only taken
 * at checkout, so it is checked again there.
 */
export async function setCartItem(db: Db, userId: string, partId: string, quantity: number): Promise<void> {
  recordId(partId, 'Part');
  const [part] = await db
    .select({ minimum: parts.minQuantity, available: parts.availableQuantity })
    .from(parts)
    .where(and(eq(parts.id, partId), onSale));
  if (!part) throw notFound('Part');
  if (quantity < part.minimum) {
    const message = quantityOutOfBounds.belowMinimum(part.minimum);
    throw new AppError(400, 'below_minimum', message, { quantity: message });
  }
  if (quantity > part.available) {
    const message =
      part.available === 0 ? 'This part is out of stock.' : quantityOutOfBounds.beyondStock(part.available);
    throw new AppError(409, 'out_of_stock', message, { quantity: message });
  }
  await db
    .insert(cartItems)
    .values({ userId, partId, quantity })
    .onConflictDoUpdate({
      target: [cartItems.userId, cartItems.partId],
      set: { quantity },
    });
}

export async function removeCartItem(db: Db, userId: string, partId: string): Promise<void> {
  if (!isUuid(partId)) return;
  await db.delete(cartItems).where(and(eq(cartItems.userId, userId), eq(cartItems.partId, partId)));
}
