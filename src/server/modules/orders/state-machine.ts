import { and, eq, sql } from 'drizzle-orm';
import { type Db, inTransaction } from '#server/db/database.ts';
import { prepared } from '#server/db/prepared.ts';
import { type OrderStatus, orderEvents, orderLines, orders, parts } from '#server/db/schema.ts';
import { Conflict, notFound } from '#server/lib/domain-errors.ts';
import { giveBackUse } from '#server/modules/discounts/redemption.ts';
import { ORDER_STATUS_LABELS, type OrderAction } from '#shared/order-status.ts';
import { enqueueOrderMail, orderMailsQueued } from './order-mail-events';
import type { OrderMailKind } from './order-mails';

/**
 * The one declared table of an order's life: from each status, the statuses it may move to. Nothing
 * else writes `orders.status`: every change goes through transition() below.
 */
export const TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  unpaid: ['paid', 'cancelled', 'expired'],
  paid: ['shipped', 'partially_refunded', 'refunded'],
  shipped: ['delivered', 'partially_refunded', 'refunded'],
  delivered: ['partially_refunded', 'refunded'],
  // Each further refund is a move of its own (on the timeline); a partly refunded order that was not yet
  // shipped or delivered still is (see FURTHER_CONDITIONS).
  partially_refunded: ['partially_refunded', 'refunded', 'shipped', 'delivered'],
  cancelled: [],
  expired: [],
  refunded: [],
};

/**
 * Moves the table allows only for some orders of a status: a partly refunded order ships once and is
 * delivered once it shipped (its stamps say how far it got).
 */
const FURTHER_CONDITIONS: Partial<Record<OrderStatus, (order: OrderRow) => boolean>> = {
  shipped: (order) => order.shippedAt === null,
  delivered: (order) => order.shippedAt !== null && order.deliveredAt === null,
};

/** Whether an order may make a move: the table, and the further condition of its target. */
const allows = (order: OrderRow, to: OrderStatus) =>
  TRANSITIONS[order.status].includes(to) && (FURTHER_CONDITIONS[to]?.(order) ?? true);

/** Who is looking at an order: its buyer (by account or private link), or an admin. */
export type OrderViewer = 'buyer' | 'admin';

/**
 * The moves people make, as moves of the table: the status each leads to and who may make it. A refund
 * leads to `refunded` (all of what is left) or `partially_refunded` (some): either being allowed offers it.
 */
const ACTIONS: Record<OrderAction, { to: readonly OrderStatus[]; by: readonly OrderViewer[] }> = {
  pay: { to: ['paid'], by: ['buyer'] },
  cancel: { to: ['cancelled'], by: ['buyer', 'admin'] },
  ship: { to: ['shipped'], by: ['admin'] },
  deliver: { to: ['delivered'], by: ['admin'] },
  refund: { to: ['refunded', 'partially_refunded'], by: ['admin'] },
};

/** The moves an order allows now for its viewer, in the order of ORDER_ACTIONS: what its buttons offer. */
export const actionsFor = (order: OrderRow, viewer: OrderViewer): OrderAction[] =>
  (Object.keys(ACTIONS) as OrderAction[]).filter(
    (action) => ACTIONS[action].by.includes(viewer) && ACTIONS[action].to.some((to) => allows(order, to)),
  );

/** The timestamp each status sets when entered. */
const STAMPS = {
  paid: 'paidAt',
  shipped: 'shippedAt',
  delivered: 'deliveredAt',
  cancelled: 'cancelledAt',
  expired: 'expiredAt',
  // When money last went back.
  partially_refunded: 'refundedAt',
  refunded: 'refundedAt',
} as const satisfies Partial<Record<OrderStatus, keyof typeof orders.$inferSelect>>;

export type OrderRow = typeof orders.$inferSelect;

/** The order's row, locked until the caller's transaction ends (one prepared statement for every caller). */
export async function lockedOrder(tx: Db, id: string): Promise<OrderRow | undefined> {
  const [row] = await prepared(tx, 'order_locked', (on, name) =>
    on
      .select()
      .from(orders)
      .where(eq(orders.id, sql.placeholder('id')))
      .for('update')
      .prepare(name),
  ).execute({ id });
  return row;
}

export type Actor = 'customer' | 'admin' | 'payment' | 'system';

export interface TransitionContext {
  actor: Actor;
  actorId?: string | null;
  /** Shown in the timeline, e.g. a tracking number or a refund's reason. */
  note?: string | null;
  /** Other columns the change sets (a transaction id, a tracking number). */
  set?: Partial<typeof orders.$inferInsert>;
  /** With `partially_refunded` and `refunded`: the refund (orders/refund.ts) and the units it puts back in stock. */
  refund?: { id: string; restock: readonly { lineId: string; quantity: number }[] };
}

/** A status as words in a sentence: "partially refunded". */
const named = (status: OrderStatus) => ORDER_STATUS_LABELS[status].toLowerCase();

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
    message: (from) => `Only unpaid orders expire; this one is ${named(from)}.`,
  },
  shipped: {
    code: 'order_not_shippable',
    message: (from) =>
      from === 'partially_refunded'
        ? 'This order was already shipped.'
        : `Only paid orders can be shipped; this one is ${named(from)}.`,
  },
  delivered: {
    code: 'order_not_deliverable',
    message: (from) =>
      from === 'partially_refunded'
        ? 'Only shipped orders can be delivered; this one is not shipped, or already delivered.'
        : `Only shipped orders can be delivered; this one is ${named(from)}.`,
  },
  partially_refunded: {
    code: 'order_not_refundable',
    message: (from) => REFUSALS.refunded.message(from),
  },
  refunded: {
    code: 'order_not_refundable',
    message: (from) =>
      from === 'refunded'
        ? 'This order was already refunded.'
        : `Only paid, shipped or delivered orders can be refunded; this one is ${named(from)}.`,
  },
};

export const refusal = (from: OrderStatus, to: OrderStatus) =>
  new Conflict(REFUSALS[to].code, REFUSALS[to].message(from));

/** Puts an order's units back on the shelves (expired or removed). */
async function returnStock(tx: Db, orderId: string): Promise<void> {
  await tx
    .update(parts)
    .set({ availableQuantity: sql`${parts.availableQuantity} + ${orderLines.quantity}` })
    .from(orderLines)
    .where(sql`${orderLines.orderId} = ${orderId} and ${parts.id} = ${orderLines.partId}`);
}

/** Puts a refund's units back on the shelves (those the admin chose to restock). */
async function restockRefunded(
  tx: Db,
  orderId: string,
  restock: readonly { lineId: string; quantity: number }[],
): Promise<void> {
  for (const { lineId, quantity } of restock) {
    if (quantity <= 0) continue;
    await tx
      .update(parts)
      .set({ availableQuantity: sql`${parts.availableQuantity} + ${quantity}` })
      .from(orderLines)
      .where(
        and(eq(orderLines.id, lineId), eq(orderLines.orderId, orderId), eq(parts.id, orderLines.partId)),
      );
  }
}

/** Money went back (some or all of it): the refunded units the admin chose go back on the shelves, and the customer is told. */
async function moneyWentBack(tx: Db, order: OrderRow, context: TransitionContext): Promise<void> {
  if (!context.refund) return;
  await restockRefunded(tx, order.id, context.refund.restock);
  await enqueueOrderMail(tx, 'order-refunded', order.id, context.refund.id);
}

/** The mails queued on entering a status, by the statement that makes the move (a refund's are its hook's). */
const MAILS_ON_ENTER: Partial<Record<OrderStatus, readonly OrderMailKind[]>> = {
  paid: ['order-paid', 'new-order-alert'],
  shipped: ['order-shipped'],
  delivered: ['order-delivered'],
  expired: ['order-expired'],
};

/**
 * What else happens on entering a status, inside the transition's transaction: stock (and an unpaid
 * order's use of a discount code) given back. Mails are queued (sent by the job worker, so a slow mail
 * server never holds up an order): MAILS_ON_ENTER, and a refund's here, once per refund.
 */
const ON_ENTER: Partial<
  Record<OrderStatus, (tx: Db, order: OrderRow, context: TransitionContext) => Promise<void>>
> = {
  // The code's row before the parts' rows, as placeOrder takes them: two transactions never wait on
  // each other's rows in a circle.
  cancelled: async (tx, order) => {
    await giveBackUse(tx, order.id);
    await returnStock(tx, order.id);
  },
  expired: async (tx, order) => {
    await giveBackUse(tx, order.id);
    await returnStock(tx, order.id);
  },
  partially_refunded: moneyWentBack,
  refunded: moneyWentBack,
};

/**
 * Moves an order to `to` if the table allows it from where it is: the row is locked, the change and its
 * timeline event are written in one statement of one transaction (the caller's, when called inside
 * one), and the status's hook runs there too. Refused moves answer 409 with a message for people;
 * unknown orders 404. A caller that has already locked the order's row in its transaction hands the row
 * over instead of its id, and it is not read again.
 */
export async function transition(
  db: Db,
  order: string | OrderRow,
  to: OrderStatus,
  context: TransitionContext,
): Promise<OrderRow> {
  return inTransaction(db, async (tx) => {
    const orderId = typeof order === 'string' ? order : order.id;
    const current = typeof order === 'string' ? await lockedOrder(tx, orderId) : order;
    if (!current) throw notFound('Order');
    if (!allows(current, to)) throw refusal(current.status, to);
    const stamp = STAMPS[to as keyof typeof STAMPS];
    // The change, its timeline event and its mails in one statement (one round trip while the row is locked).
    const eventAdded = tx.$with('event_added').as(
      tx.insert(orderEvents).values({
        orderId,
        fromStatus: current.status,
        toStatus: to,
        actor: context.actor,
        actorId: context.actorId ?? null,
        note: context.note ?? null,
      }),
    );
    const mails = MAILS_ON_ENTER[to];
    const [changed] = await tx
      .with(eventAdded, ...(mails ? [orderMailsQueued(tx, mails, orderId)] : []))
      .update(orders)
      .set({
        ...context.set,
        status: to,
        ...(stamp && { [stamp]: new Date() }),
        ...(to !== 'unpaid' && { expiresAt: null }),
      })
      .where(eq(orders.id, orderId))
      .returning();
    await ON_ENTER[to]?.(tx, changed!, context);
    return changed!;
  });
}
