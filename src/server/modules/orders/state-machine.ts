import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { type OrderStatus, orderEvents, orderLines, orders, parts } from '../../db/schema';
import { AppError, notFound } from '../../http/errors';
import { giveBackUse } from '../discounts/redemption';
import { enqueueOrderMail } from './order-mail-events';

/**
 * The one declared table of an order's life: from each status, the statuses it may move to. Nothing
 * else writes `orders.status`: every change goes through transition() below.
 */
export const TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  unpaid: ['paid', 'cancelled', 'expired'],
  paid: ['shipped', 'refunded'],
  shipped: ['delivered', 'refunded'],
  delivered: [],
  cancelled: [],
  expired: [],
  refunded: [],
};

/** The timestamp each status sets when entered. */
const STAMPS = {
  paid: 'paidAt',
  shipped: 'shippedAt',
  delivered: 'deliveredAt',
  cancelled: 'cancelledAt',
  expired: 'expiredAt',
  refunded: 'refundedAt',
} as const satisfies Partial<Record<OrderStatus, keyof typeof orders.$inferSelect>>;

export type OrderRow = typeof orders.$inferSelect;
export type Actor = 'customer' | 'admin' | 'payment' | 'system';

export interface TransitionContext {
  actor: Actor;
  actorId?: string | null;
  /** Shown in the timeline, e.g. a tracking number or a refund's reason. */
  note?: string | null;
  /** Other columns the change sets (a transaction id, a tracking number). */
  set?: Partial<typeof orders.$inferInsert>;
  /** With `refunded`: put the order's units back in stock. */
  restock?: boolean;
}

/** What a person is told when an order cannot make a move: per target status, with a word for some origins. */
const REFUSALS: Record<OrderStatus, { code: string; message: (from: OrderStatus) => string }> = {
  unpaid: { code: 'order_not_reopenable', message: () => 'An order never goes back to unpaid.' },
  paid: {
    code: 'order_not_payable',
    message: (from) =>
      ({
        cancelled: 'This order was removed and cannot be paid.',
        expired: 'This order expired and cannot be paid. Place it again to buy these parts.',
        refunded: 'This order was refunded.',
      })[from as string] ?? 'This order is already paid.',
  },
  cancelled: {
    code: 'order_not_cancellable',
    message: (from) =>
      ({
        cancelled: 'This order was already removed.',
        expired: 'This order expired: its parts went back to stock.',
      })[from as string] ?? 'A paid order cannot be removed.',
  },
  expired: {
    code: 'order_not_expirable',
    message: (from) => `Only unpaid orders expire; this one is ${from}.`,
  },
  shipped: {
    code: 'order_not_shippable',
    message: (from) => `Only paid orders can be shipped; this one is ${from}.`,
  },
  delivered: {
    code: 'order_not_deliverable',
    message: (from) => `Only shipped orders can be delivered; this one is ${from}.`,
  },
  refunded: {
    code: 'order_not_refundable',
    message: (from) =>
      from === 'refunded'
        ? 'This order was already refunded.'
        : `Only paid or shipped orders can be refunded; this one is ${from}.`,
  },
};

export const refusal = (from: OrderStatus, to: OrderStatus) =>
  new AppError(409, REFUSALS[to].code, REFUSALS[to].message(from));

/** Puts an order's units back on the shelves (expired, removed, or refunded with restock). */
async function returnStock(tx: Db, orderId: string): Promise<void> {
  await tx
    .update(parts)
    .set({ availableQuantity: sql`${parts.availableQuantity} + ${orderLines.quantity}` })
    .from(orderLines)
    .where(sql`${orderLines.orderId} = ${orderId} and ${parts.id} = ${orderLines.partId}`);
}

/**
 * What happens on entering a status, inside the transition's transaction: stock (and an unpaid order's
 * use of a discount code) given back, and the mails queued (sent by the job worker, so a slow mail server never holds up an order).
 */
const ON_ENTER: Partial<
  Record<OrderStatus, (tx: Db, order: OrderRow, context: TransitionContext) => Promise<void>>
> = {
  paid: async (tx, order) => {
    await enqueueOrderMail(tx, 'order-paid', order.id);
    await enqueueOrderMail(tx, 'new-order-alert', order.id);
  },
  shipped: (tx, order) => enqueueOrderMail(tx, 'order-shipped', order.id),
  delivered: (tx, order) => enqueueOrderMail(tx, 'order-delivered', order.id),
  cancelled: async (tx, order) => {
    await returnStock(tx, order.id);
    await giveBackUse(tx, order.id);
  },
  expired: async (tx, order) => {
    await returnStock(tx, order.id);
    await giveBackUse(tx, order.id);
    await enqueueOrderMail(tx, 'order-expired', order.id);
  },
  refunded: async (tx, order, context) => {
    if (context.restock) await returnStock(tx, order.id);
    await enqueueOrderMail(tx, 'order-refunded', order.id);
  },
};

/**
 * Moves an order to `to` if the table allows it from where it is: the row is locked, the change and its
 * timeline event are written in one transaction (a savepoint when called inside one), and the status's
 * hook runs there too. Refused moves answer 409 with a message for people; unknown orders 404.
 */
export async function transition(
  db: Db,
  orderId: string,
  to: OrderStatus,
  context: TransitionContext,
): Promise<OrderRow> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!current) throw notFound('Order');
    if (!TRANSITIONS[current.status].includes(to)) throw refusal(current.status, to);
    const stamp = STAMPS[to as keyof typeof STAMPS];
    const [changed] = await tx
      .update(orders)
      .set({
        ...context.set,
        status: to,
        ...(stamp && { [stamp]: new Date() }),
        ...(to !== 'unpaid' && { expiresAt: null }),
      })
      .where(eq(orders.id, orderId))
      .returning();
    await tx.insert(orderEvents).values({
      orderId,
      fromStatus: current.status,
      toStatus: to,
      actor: context.actor,
      actorId: context.actorId ?? null,
      note: context.note ?? null,
    });
    await ON_ENTER[to]?.(tx, changed!, context);
    return changed!;
  });
}

/** Whether the table allows the move (for callers that must decide before calling a provider). */
export const canMove = (from: OrderStatus, to: OrderStatus) => TRANSITIONS[from].includes(to);
