import { and, desc, eq, gte, isNull, ne, sql } from 'drizzle-orm';
import { type OrderStatus, quantityOutOfBounds } from '../../../shared/contracts/order';
import type { SessionUser } from '../../../shared/contracts/session';
import type { Db } from '../../db/database';
import { orders, parts } from '../../db/schema';
import { AppError, notFound } from '../../http/errors';
import { isUniqueViolation } from '../../lib/unique-violation';
import { isUuid } from '../../lib/uuid';
import { type OrderRow, toOrderReadShape } from './order-shape';

async function findByIdempotencyKey(db: Db, userId: string, key: string): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, key)));
  return row;
}

/**
 * Places an order: the buyer from the session, the price from the database, and the stock reserved by
 * a conditional update in the same transaction as the insert, so no concurrency can oversell.
 * The same Idempotency-Key from the same buyer returns the first order instead of a second one.
 */
export async function placeOrder(
  db: Db,
  buyer: SessionUser,
  input: { partId: string; quantity: number; idempotencyKey?: string },
): Promise<{ order: OrderRow; created: boolean }> {
  const { partId, quantity, idempotencyKey } = input;
  if (idempotencyKey) {
    const existing = await findByIdempotencyKey(db, buyer.id, idempotencyKey);
    if (existing) return { order: existing, created: false };
  }
  if (!isUuid(partId)) throw notFound('Part');
  try {
    const order = await db.transaction(async (tx) => {
      const [part] = await tx
        .select()
        .from(parts)
        .where(and(eq(parts.id, partId), isNull(parts.archivedAt)));
      if (!part) throw notFound('Part');
      if (quantity < part.minQuantity) {
        throw new AppError(400, 'below_minimum', quantityOutOfBounds.belowMinimum(part.minQuantity), {
          quantity: quantityOutOfBounds.belowMinimum(part.minQuantity),
        });
      }
      const [reserved] = await tx
        .update(parts)
        .set({ availableQuantity: sql`${parts.availableQuantity} - ${quantity}`, updatedAt: new Date() })
        .where(and(eq(parts.id, partId), isNull(parts.archivedAt), gte(parts.availableQuantity, quantity)))
        .returning({ priceCents: parts.priceCents, name: parts.name });
      if (!reserved) {
        const [current] = await tx
          .select({ available: parts.availableQuantity })
          .from(parts)
          .where(eq(parts.id, partId));
        const left = current?.available ?? 0;
        const message = left === 0 ? 'This part is out of stock.' : quantityOutOfBounds.beyondStock(left);
        throw new AppError(409, 'out_of_stock', message, { quantity: message });
      }
      const [created] = await tx
        .insert(orders)
        .values({
          userId: buyer.id,
          buyerEmail: buyer.email,
          buyerName: buyer.name,
          partId,
          partName: reserved.name,
          unitPriceCents: reserved.priceCents,
          quantity,
          totalCents: reserved.priceCents * quantity,
          idempotencyKey: idempotencyKey ?? null,
        })
        .returning();
      return created!;
    });
    return { order, created: true };
  } catch (error) {
    if (idempotencyKey && isUniqueViolation(error)) {
      const existing = await findByIdempotencyKey(db, buyer.id, idempotencyKey);
      if (existing) return { order: existing, created: false };
    }
    throw error;
  }
}

/**
 * Orders of one buyer (by account, or by email for an admin looking someone up), newest first;
 * removed (cancelled) ones are left out unless asked for.
 */
export async function listOrdersOf(
  db: Db,
  buyer: { userId: string } | { email: string },
  status?: OrderStatus,
) {
  const who =
    'userId' in buyer ? eq(orders.userId, buyer.userId) : eq(orders.buyerEmail, buyer.email.toLowerCase());
  const rows = await db
    .select()
    .from(orders)
    .where(and(who, status ? eq(orders.status, status) : ne(orders.status, 'cancelled')))
    .orderBy(desc(orders.createdAt));
  return rows.map(toOrderReadShape);
}

/** One order, visible to its buyer and to admins; anyone else learns nothing (404). */
export async function getVisibleOrder(db: Db, viewer: SessionUser, id: string): Promise<OrderRow> {
  if (!isUuid(id)) throw notFound('Order');
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  if (!row || (viewer.role !== 'admin' && row.userId !== viewer.id)) throw notFound('Order');
  return row;
}

/** Cancels an unpaid order and returns its units to stock, in one transaction. Paid orders never go back. */
export async function cancelOrder(db: Db, viewer: SessionUser, id: string): Promise<OrderRow> {
  const visible = await getVisibleOrder(db, viewer, id);
  return db.transaction(async (tx) => {
    const [cancelled] = await tx
      .update(orders)
      .set({ status: 'cancelled', cancelledAt: new Date(), updatedAt: new Date() })
      .where(and(eq(orders.id, visible.id), eq(orders.status, 'unpaid')))
      .returning();
    if (!cancelled) {
      const message =
        visible.status === 'cancelled'
          ? 'This order was already removed.'
          : 'A paid order cannot be removed.';
      throw new AppError(409, 'order_not_cancellable', message);
    }
    await tx
      .update(parts)
      .set({
        availableQuantity: sql`${parts.availableQuantity} + ${cancelled.quantity}`,
        updatedAt: new Date(),
      })
      .where(eq(parts.id, cancelled.partId));
    return cancelled;
  });
}
