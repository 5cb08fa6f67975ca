import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/database.ts';
import { orderEvents, orders, parts, type refunds, returnLines, returns } from '#server/db/schema.ts';
import { Conflict, notFound } from '#server/lib/domain-errors.ts';
import { isUuid } from '#server/lib/uuid.ts';
import { recordAudit } from '#server/modules/audit/service.ts';
import { enqueueReturnMail } from '#server/modules/orders/order-mail-events.ts';
import type { OrderMailKind } from '#server/modules/orders/order-mails.ts';
import type { Actor } from '#server/modules/orders/state-machine.ts';
import type { SessionUser } from '#shared/contracts/session.ts';
import { RETURN_STATUS_LABELS, type ReturnStatus } from '#shared/returns.ts';

export type ReturnRow = typeof returns.$inferSelect;

/**
 * The one declared table of a return's life (docs/decisions/037-returns.md): from each status, the
 * statuses it may move to. Nothing else writes `returns.status`: every move goes through moveReturn().
 */
export const RETURN_TRANSITIONS: Readonly<Record<ReturnStatus, readonly ReturnStatus[]>> = {
  requested: ['approved', 'rejected'],
  approved: ['received'],
  received: ['refunded'],
  rejected: [],
  refunded: [],
};

/** The timestamp each status sets when entered. */
const STAMPS = {
  approved: 'approvedAt',
  rejected: 'rejectedAt',
  received: 'receivedAt',
  refunded: 'refundedAt',
} as const satisfies Partial<Record<ReturnStatus, keyof ReturnRow>>;

/** The mail each status sends the buyer (a refund's mail is the refund's own, orders/refund.ts). */
const MAILS: Partial<Record<ReturnStatus, OrderMailKind>> = {
  requested: 'return-requested',
  approved: 'return-approved',
  rejected: 'return-rejected',
  received: 'return-received',
};

/** What an admin is told when a return cannot make a move. */
export const returnRefusal = (from: ReturnStatus, to: ReturnStatus) =>
  new Conflict(
    'return_not_movable',
    from === to
      ? `This return is already ${RETURN_STATUS_LABELS[from].toLowerCase()}.`
      : `A ${RETURN_STATUS_LABELS[from].toLowerCase()} return cannot be ${RETURN_STATUS_LABELS[to].toLowerCase()}.`,
  );

export interface ReturnMoveContext {
  actor: Actor;
  /** The admin who moved it (audit log), or the buyer's account (null for a visitor's link). */
  who: Pick<SessionUser, 'id' | 'email'> | null;
  /** Shown in the order's timeline after the return's number. */
  note?: string | null;
  set?: Partial<typeof returns.$inferInsert>;
  /** For `received`: the order lines whose units go back in stock. */
  restock?: (lineId: string) => boolean;
}

/** Puts a received return's units back on the shelves (the lines the admin chose) and records the choice. */
async function restockReceived(tx: Db, ret: ReturnRow, restock: (lineId: string) => boolean) {
  const lines = await tx.select().from(returnLines).where(eq(returnLines.returnId, ret.id));
  for (const line of lines) {
    const back = restock(line.orderLineId);
    await tx.update(returnLines).set({ restock: back }).where(eq(returnLines.id, line.id));
    if (back)
      await tx
        .update(parts)
        .set({ availableQuantity: sql`${parts.availableQuantity} + ${line.quantity}` })
        .where(eq(parts.id, line.partId));
  }
}

/**
 * Writes what a return entering `status` leaves behind, in the transaction of the change: an event on
 * its order's timeline (the order's own status unchanged), the audit log for an admin's move, and the
 * buyer's mail through the job queue.
 */
export async function recordReturnMove(
  tx: Db,
  ret: ReturnRow,
  status: ReturnStatus,
  context: ReturnMoveContext,
): Promise<void> {
  const [order] = await tx
    .select({ status: orders.status, number: orders.number })
    .from(orders)
    .where(eq(orders.id, ret.orderId));
  const note = [ret.number, context.note].filter(Boolean).join(': ');
  await tx.insert(orderEvents).values({
    orderId: ret.orderId,
    fromStatus: order!.status,
    toStatus: order!.status,
    actor: context.actor,
    actorId: context.who?.id ?? null,
    note,
    returnId: ret.id,
    returnStatus: status,
  });
  if (context.actor === 'admin' && context.who)
    await recordAudit(tx, context.who, `return.${status}`, ret.number, {
      order: order!.number,
      ...(context.note && { note: context.note }),
    });
  const mail = MAILS[status];
  if (mail) await enqueueReturnMail(tx, mail, ret.orderId, ret.id);
}

/**
 * Moves a return to `to` if the table allows it from where it is: the row is locked, the change, its
 * timeline event, audit entry, mail and (on `received`) restock are written in one transaction.
 * Refused moves answer 409; unknown returns 404.
 */
export async function moveReturn(
  db: Db,
  returnId: string,
  to: ReturnStatus,
  context: ReturnMoveContext,
): Promise<ReturnRow> {
  if (!isUuid(returnId)) throw notFound('Return');
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(returns).where(eq(returns.id, returnId)).for('update');
    if (!current) throw notFound('Return');
    if (!RETURN_TRANSITIONS[current.status].includes(to)) throw returnRefusal(current.status, to);
    const stamp = STAMPS[to as keyof typeof STAMPS];
    const [changed] = await tx
      .update(returns)
      .set({ ...context.set, status: to, ...(stamp && { [stamp]: new Date() }) })
      .where(eq(returns.id, returnId))
      .returning();
    if (to === 'received') await restockReceived(tx, changed!, context.restock ?? (() => false));
    await recordReturnMove(tx, changed!, to, context);
    return changed!;
  });
}

/**
 * Claims a received return for the refund its order's refund is reserving (orders/refund.ts `reserve`,
 * in that transaction, under the order's row lock, which every claim takes first): the claim and the
 * refund row are written together, so no stopped instance can leave one without the other. Refused with
 * 409 when the return is not received (`return_not_movable`) or another refund holds it
 * (`return_being_refunded`). `link` then records which refund holds the claim.
 */
export async function claimReturnRefund(tx: Db, returnId: string) {
  const [current] = await tx.select().from(returns).where(eq(returns.id, returnId)).for('update');
  if (!current) throw notFound('Return');
  if (current.status !== 'received') throw returnRefusal(current.status, 'refunded');
  // The refund it was claimed for holds it (a claim without one is not held: claims are only ever
  // written with their refund, so such a claim was left by a stopped instance before this rule).
  if (current.refundId) throw new Conflict('return_being_refunded', 'This return is being refunded already.');
  await tx.update(returns).set({ refundClaimedAt: new Date() }).where(eq(returns.id, returnId));
  return {
    link: (refundId: string) => tx.update(returns).set({ refundId }).where(eq(returns.id, returnId)),
  };
}

/**
 * In the transaction that settles a refund as succeeded (orders/refund.ts `complete`, by the request or
 * by the settle job after a stopped instance): the return it was claimed for moves to `refunded` through
 * moveReturn (timeline, audit log as the admin who asked), so money back and the return's state change
 * together, once.
 */
export async function settleReturnRefund(tx: Db, refund: typeof refunds.$inferSelect): Promise<void> {
  const [claimed] = await tx
    .select({ id: returns.id })
    .from(returns)
    .where(and(eq(returns.refundId, refund.id), eq(returns.status, 'received')));
  if (!claimed) return;
  await moveReturn(tx, claimed.id, 'refunded', {
    actor: refund.actorId ? 'admin' : 'system',
    who: refund.actorId ? { id: refund.actorId, email: refund.actorEmail } : null,
  });
}

/**
 * In the transaction that releases a refund the provider refused or could not take: the return it was
 * claimed for is free again, so an admin can refund it again.
 */
export async function releaseReturnRefund(tx: Db, refundId: string): Promise<void> {
  await tx
    .update(returns)
    .set({ refundClaimedAt: null, refundId: null })
    .where(and(eq(returns.refundId, refundId), eq(returns.status, 'received')));
}
