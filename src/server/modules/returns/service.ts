import { and, asc, count, desc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '#server/db/database.ts';
import { orderLines, orders, refunds, returnLines, returns } from '#server/db/schema.ts';
import { Conflict, Invalid, notFound } from '#server/lib/domain-errors.ts';
import { isUuid } from '#server/lib/uuid.ts';
import { refundLines } from '#server/modules/orders/refund.ts';
import { lockedOrder } from '#server/modules/orders/state-machine.ts';
import type { PaymentProvider } from '#server/payments/provider.ts';
import type { SessionUser } from '#shared/contracts/session.ts';
import { ORDER_STATUS_LABELS } from '#shared/order-status.ts';
import type { ReturnReason, ReturnStatus } from '#shared/returns.ts';
import { OPEN_RETURN_STATUSES, RETURNABLE_ORDER_STATUSES, returnWindowEnds } from '#shared/returns.ts';
import { RETURN_WINDOW_DAYS } from '#shared/site-pages.ts';
import { moveReturn, type ReturnRow, recordReturnMove } from './return-machine';

export interface ReturnRequest {
  lines: readonly { lineId: string; quantity: number }[];
  reason: ReturnReason;
  note: string | null;
}

/** A return as read: its row, its order's number and buyer, its lines and what its refund gave back. */
export type ReturnWithLines = ReturnRow & {
  orderNumber: string;
  buyerEmail: string;
  buyerName: string;
  lines: (typeof returnLines.$inferSelect & { partName: string })[];
  refundedCents: number | null;
};

const day = (date: Date) => date.toISOString().slice(0, 10);

/**
 * A buyer asks to send back units of a delivered order's lines, within RETURN_WINDOW_DAYS of delivery.
 * Under the order's row lock, so two requests at once are counted one after the other: a line's units
 * can be returned while fewer than its quantity are refunded or in an open return.
 */
export async function requestReturn(
  db: Db,
  orderId: string,
  requester: Pick<SessionUser, 'id' | 'email'> | null,
  request: ReturnRequest,
  now = new Date(),
): Promise<ReturnRow> {
  return db.transaction(async (tx) => {
    const order = await lockedOrder(tx, orderId);
    if (!order) throw notFound('Order');
    if (
      !(RETURNABLE_ORDER_STATUSES as readonly string[]).includes(order.status) ||
      order.deliveredAt === null
    )
      throw new Conflict(
        'return_not_delivered',
        `Only delivered orders can be returned; this one is ${ORDER_STATUS_LABELS[order.status].toLowerCase()}.`,
      );
    const ends = returnWindowEnds(order.deliveredAt);
    if (now > ends)
      throw new Conflict(
        'return_window_closed',
        `Parts of this order could be returned until ${day(ends)}, ${RETURN_WINDOW_DAYS} days after delivery.`,
      );
    const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, orderId));
    const open = await tx
      .select({ lineId: returnLines.orderLineId, units: sql<number>`sum(${returnLines.quantity})::int` })
      .from(returnLines)
      .innerJoin(returns, eq(returns.id, returnLines.returnId))
      .where(and(eq(returns.orderId, orderId), inArray(returns.status, [...OPEN_RETURN_STATUSES])))
      .groupBy(returnLines.orderLineId);
    const seen = new Set<string>();
    const asked = request.lines.map(({ lineId, quantity }) => {
      const line = lines.find((candidate) => candidate.id === lineId);
      if (!line) throw new Invalid('return_line_unknown', 'This order has no such line.');
      if (seen.has(lineId))
        throw new Invalid('return_line_twice', `${line.partName} is named more than once.`);
      seen.add(lineId);
      return { line, quantity };
    });
    for (const { line, quantity } of asked) {
      const left =
        line.quantity - line.refundedQuantity - (open.find((row) => row.lineId === line.id)?.units ?? 0);
      if (quantity > left)
        throw new Conflict(
          'return_exceeds_line',
          left <= 0
            ? `${line.partName} is already refunded or being returned.`
            : `Only ${left} of ${line.partName} can still be returned.`,
        );
    }
    const chosen = asked;
    const [created] = await tx
      .insert(returns)
      .values({ orderId, reason: request.reason, note: request.note, requestedBy: requester?.id ?? null })
      .returning();
    await tx.insert(returnLines).values(
      chosen.map(({ line, quantity }) => ({
        returnId: created!.id,
        orderLineId: line.id,
        partId: line.partId,
        quantity,
        // What did not fit is recorded against the laptop it was bought for.
        forLaptopSlug: request.reason === 'doesnt_fit' ? line.forLaptopSlug : null,
        forLaptopName: request.reason === 'doesnt_fit' ? line.forLaptopName : null,
      })),
    );
    await recordReturnMove(tx, created!, 'requested', {
      actor: 'customer',
      who: requester,
      note: chosen.map(({ line, quantity }) => `${quantity} × ${line.partName}`).join(', '),
    });
    return created!;
  });
}

/** Returns with their order, lines and refund, newest first. */
async function readReturns(
  db: Db,
  where: SQL | undefined,
  page?: { limit: number; offset: number },
): Promise<ReturnWithLines[]> {
  const query = db
    .select({
      ret: returns,
      orderNumber: orders.number,
      buyerEmail: orders.buyerEmail,
      buyerName: orders.buyerName,
      refundedCents: refunds.amountCents,
    })
    .from(returns)
    .innerJoin(orders, eq(orders.id, returns.orderId))
    .leftJoin(refunds, and(eq(refunds.id, returns.refundId), eq(refunds.state, 'succeeded')))
    .where(where)
    .orderBy(desc(returns.createdAt), desc(returns.number));
  const rows = page ? await query.limit(page.limit).offset(page.offset) : await query;
  if (rows.length === 0) return [];
  const lines = await db
    .select({ line: returnLines, partName: orderLines.partName, position: orderLines.position })
    .from(returnLines)
    .innerJoin(orderLines, eq(orderLines.id, returnLines.orderLineId))
    .where(
      inArray(
        returnLines.returnId,
        rows.map((row) => row.ret.id),
      ),
    )
    .orderBy(asc(orderLines.position));
  return rows.map((row) => ({
    ...row.ret,
    orderNumber: row.orderNumber,
    buyerEmail: row.buyerEmail,
    buyerName: row.buyerName,
    refundedCents: row.refundedCents,
    lines: lines
      .filter((line) => line.line.returnId === row.ret.id)
      .map((line) => ({ ...line.line, partName: line.partName })),
  }));
}

/** One return as read, or 404. */
export async function loadReturn(db: Db, id: string): Promise<ReturnWithLines> {
  if (!isUuid(id)) throw notFound('Return');
  const [found] = await readReturns(db, eq(returns.id, id));
  if (!found) throw notFound('Return');
  return found;
}

/** The returns of one order (its buyer sees them on the order's page). */
export const listReturnsOfOrder = (db: Db, orderId: string) => readReturns(db, eq(returns.orderId, orderId));

/** The admins' list: by status and reason, a page at a time. */
export async function listReturns(
  db: Db,
  filter: { status?: ReturnStatus; reason?: ReturnReason; page: number; limit: number },
): Promise<{ returns: ReturnWithLines[]; total: number }> {
  const where = and(
    filter.status ? eq(returns.status, filter.status) : undefined,
    filter.reason ? eq(returns.reason, filter.reason) : undefined,
  );
  const [found, [counted]] = await Promise.all([
    readReturns(db, where, { limit: filter.limit, offset: (filter.page - 1) * filter.limit }),
    db.select({ total: count() }).from(returns).where(where),
  ]);
  return { returns: found, total: counted?.total ?? 0 };
}

export const approveReturn = (db: Db, admin: SessionUser, id: string) =>
  moveReturn(db, id, 'approved', { actor: 'admin', who: admin });

export const rejectReturn = (db: Db, admin: SessionUser, id: string, reason: string) =>
  moveReturn(db, id, 'rejected', { actor: 'admin', who: admin, note: reason, set: { rejectReason: reason } });

/** Received: each line's units go back in stock as the admin chose (a line's own choice, else `restock`). */
export const receiveReturn = (
  db: Db,
  admin: SessionUser,
  id: string,
  choice: { restock: boolean; lines?: readonly { lineId: string; restock: boolean }[] },
) =>
  moveReturn(db, id, 'received', {
    actor: 'admin',
    who: admin,
    restock: (lineId) => choice.lines?.find((line) => line.lineId === lineId)?.restock ?? choice.restock,
  });

/**
 * Refunds a received return: its lines' units, through the order's one refund function (money worked
 * out on the server, orders/refund.ts). That function claims the return in the transaction that reserves
 * the refund, so two admins at once never refund it twice (the second is refused, 409), and moves it to
 * `refunded` in the transaction that settles the refund — by this request, or by the settle job when the
 * instance stopped first. A refund the provider refused gives the claim back. The units were restocked
 * (or not) on receipt.
 */
export async function refundReturn(
  db: Db,
  payments: PaymentProvider,
  admin: SessionUser,
  id: string,
): Promise<ReturnRow> {
  if (!isUuid(id)) throw notFound('Return');
  const [ret] = await db.select().from(returns).where(eq(returns.id, id));
  if (!ret) throw notFound('Return');
  const lines = await db.select().from(returnLines).where(eq(returnLines.returnId, id));
  await refundLines(db, payments, admin, ret.orderId, {
    lines: lines.map((line) => ({ lineId: line.orderLineId, quantity: line.quantity, restock: false })),
    shipping: false,
    reason: `Return ${ret.number}`,
    restock: false,
    returnId: id,
  });
  const [now] = await db.select().from(returns).where(eq(returns.id, id));
  return now!;
}

/**
 * The laptops a part's buyers said it did not fit: `doesnt_fit` returns of lines bought for a laptop,
 * not rejected, by model, most reported first.
 */
export async function notFittingReports(db: Db, partId: string) {
  if (!isUuid(partId)) throw notFound('Part');
  const rows = await db
    .select({
      slug: returnLines.forLaptopSlug,
      name: sql<string>`max(${returnLines.forLaptopName})`,
      returns: sql<number>`count(distinct ${returnLines.returnId})::int`,
      units: sql<number>`sum(${returnLines.quantity})::int`,
    })
    .from(returnLines)
    .innerJoin(returns, eq(returns.id, returnLines.returnId))
    .where(
      and(
        eq(returnLines.partId, partId),
        eq(returns.reason, 'doesnt_fit'),
        ne(returns.status, 'rejected'),
        sql`${returnLines.forLaptopSlug} is not null`,
      ),
    )
    .groupBy(returnLines.forLaptopSlug)
    .orderBy(desc(sql`sum(${returnLines.quantity})`), asc(returnLines.forLaptopSlug));
  return rows.map((row) => ({ ...row, slug: row.slug! }));
}
