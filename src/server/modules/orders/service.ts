import { and, asc, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '#server/db/database.ts';
import { prepared } from '#server/db/prepared.ts';
import { orderEvents, orderLines, orders } from '#server/db/schema.ts';
import { recordId } from '#server/http/record-id.ts';
import { notFound } from '#server/lib/domain-errors.ts';
import { escapeLike } from '#server/lib/escape-like.ts';
import { isUuid } from '#server/lib/uuid.ts';
import { recordAudit } from '#server/modules/audit/service.ts';
import type { OrderStatus } from '#shared/contracts/order.ts';
import type { SessionUser } from '#shared/contracts/session.ts';
import type { OrderWithLines } from './order-shape';
import { transition } from './state-machine';

const withLinesAndTimeline = {
  lines: { orderBy: [asc(orderLines.position)] },
  events: { orderBy: [asc(orderEvents.createdAt)] },
};

/** One order with its lines and timeline, or undefined. */
export async function loadOrder(db: Db, id: string): Promise<OrderWithLines | undefined> {
  if (!isUuid(id)) return undefined;
  return prepared(db, 'load_order', (on, name) =>
    on.query.orders
      .findFirst({ where: eq(orders.id, sql.placeholder('id')), with: withLinesAndTimeline })
      .prepare(name),
  ).execute({ id });
}

/** One order, visible to its buyer and to admins; anyone else learns nothing (404). */
export async function getVisibleOrder(db: Db, viewer: SessionUser, id: string): Promise<OrderWithLines> {
  const order = await loadOrder(db, id);
  if (!order || (viewer.role !== 'admin' && order.userId !== viewer.id)) throw notFound('Order');
  return order;
}

/**
 * Orders of one buyer (by account, or by email for an admin looking someone up), newest first, in every
 * state: an order the buyer removed stays in the list as cancelled.
 */
export async function listOrdersOf(
  db: Db,
  buyer: { userId: string } | { email: string },
  status?: OrderStatus,
): Promise<OrderWithLines[]> {
  const who =
    'userId' in buyer ? eq(orders.userId, buyer.userId) : eq(orders.buyerEmail, buyer.email.toLowerCase());
  return db.query.orders.findMany({
    where: and(who, status ? eq(orders.status, status) : undefined),
    orderBy: [desc(orders.createdAt)],
    with: withLinesAndTimeline,
  });
}

/** The admins' order filter: by status, and by order number or buyer email (part of either). */
export function adminOrderFilter(filter: { status?: OrderStatus; q?: string }): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.status) conditions.push(eq(orders.status, filter.status));
  if (filter.q) {
    const pattern = `%${escapeLike(filter.q)}%`;
    conditions.push(or(ilike(orders.number, pattern), ilike(orders.buyerEmail, pattern))!);
  }
  return and(...conditions);
}

/** All orders for admins, filtered, newest first, paged. */
export async function listAllOrders(
  db: Db,
  filter: { status?: OrderStatus; q?: string; page: number; limit: number },
): Promise<{ orders: OrderWithLines[]; total: number }> {
  const where = adminOrderFilter(filter);
  const [rows, [total]] = await Promise.all([
    db.query.orders.findMany({
      where,
      orderBy: [desc(orders.createdAt), desc(orders.id)],
      limit: filter.limit,
      offset: (filter.page - 1) * filter.limit,
      with: withLinesAndTimeline,
    }),
    db.select({ value: count() }).from(orders).where(where),
  ]);
  return { orders: rows, total: total?.value ?? 0 };
}

/** An admin marks a paid order shipped (with the carrier's tracking number when there is one). */
export async function shipOrder(db: Db, admin: SessionUser, id: string, trackingNumber?: string) {
  recordId(id, 'Order');
  return db.transaction(async (tx) => {
    const shipped = await transition(tx, id, 'shipped', {
      actor: 'admin',
      actorId: admin.id,
      note: trackingNumber ? `Tracking number ${trackingNumber}` : null,
      set: { trackingNumber: trackingNumber ?? null },
    });
    await recordAudit(
      tx,
      admin,
      'order.ship',
      shipped.number,
      trackingNumber ? { trackingNumber } : undefined,
    );
    return shipped;
  });
}

/** An admin marks a shipped order delivered. */
export async function deliverOrder(db: Db, admin: SessionUser, id: string) {
  recordId(id, 'Order');
  return db.transaction(async (tx) => {
    const delivered = await transition(tx, id, 'delivered', { actor: 'admin', actorId: admin.id });
    await recordAudit(tx, admin, 'order.deliver', delivered.number);
    return delivered;
  });
}
