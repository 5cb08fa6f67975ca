import { eq, sql } from 'drizzle-orm';
import type { SessionUser } from '../../../shared/contracts/session';
import { RETURN_STATUS_LABELS, type ReturnStatus } from '../../../shared/returns';
import type { Db } from '../../db/database';
import { orderEvents, orders, parts, returnLines, returns } from '../../db/schema';
import { AppError, notFound } from '../../http/errors';
import { isUuid } from '../../lib/uuid';
import type { OrderMailKind } from '../../mail/order-mails';
import { recordAudit } from '../audit/service';
import { enqueueReturnMail } from '../orders/order-mail-events';
import type { Actor } from '../orders/state-machine';

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
  new AppError(
    409,
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
