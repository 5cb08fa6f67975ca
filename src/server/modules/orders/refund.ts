import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '#server/db/database.ts';
import { orderLines, orders, type RefundedLine, refunds } from '#server/db/schema.ts';
import { enqueue } from '#server/jobs/queue.ts';
import { Conflict, Invalid, notFound } from '#server/lib/domain-errors.ts';
import { isUuid } from '#server/lib/uuid.ts';
import { recordAudit, SYSTEM } from '#server/modules/audit/service.ts';
import {
  claimReturnRefund,
  releaseReturnRefund,
  settleReturnRefund,
} from '#server/modules/returns/return-machine.ts';
import type { PaymentProvider } from '#server/payments/provider.ts';
import { PaymentProviderError } from '#server/payments/provider-errors.ts';
import type { SessionUser } from '#shared/contracts/session.ts';
import { formatDollars } from '#shared/money.ts';
import { planRefund, type RefundPlan, somethingLeftToRefund } from '#shared/refunds.ts';
import { lockedOrder, type OrderRow, refusal, transition } from './state-machine';

export type RefundRow = typeof refunds.$inferSelect;

/** The job that settles a refund left pending (its instance stopped between our books and the provider). */
export const SETTLE_REFUND_JOB = 'refund-settle';
/** How long a refund may be pending before that job asks the provider again: well past its timeouts. */
const SETTLE_AFTER_MS = 10 * 60_000;

/** Statuses whose money can (still) go back. */
const REFUNDABLE: readonly OrderRow['status'][] = ['paid', 'shipped', 'delivered', 'partially_refunded'];

export interface RefundLinesRequest {
  /** Lines and how many of their units (restock per line, else `restock`); left out: the whole order. */
  lines?: readonly { lineId: string; quantity: number; restock?: boolean }[] | null;
  /** Give back the shipping too (always, for the whole order). */
  shipping: boolean;
  reason?: string;
  /** Put the refunded units back in stock (the lines' default). */
  restock: boolean;
  /**
   * What the asker saw refunded already (the order's `refundedCents`): if another refund came first,
   * this one is refused (409) instead of giving money back twice.
   */
  expectRefundedCents?: number;
  /**
   * The return this refund is for (returns/service.ts): claimed in the reservation's transaction, moved
   * to `refunded` in the settlement's, given back in the release's (docs/decisions/037-returns.md).
   */
  returnId?: string;
}

/** Who gives the money back: an admin, or the shop itself. */
type Refunder = Pick<SessionUser, 'id' | 'email'> | typeof SYSTEM;

const problemError = (problem: { kind: 'invalid' | 'conflict'; code: string; message: string }) =>
  problem.kind === 'invalid'
    ? new Invalid(problem.code, problem.message)
    : new Conflict(problem.code, problem.message);

/**
 * Step one, under the order's row lock: the request is planned against what is left (shared/refunds.ts)
 * and the amount reserved — the lines' refunded units, the order's refunded cents and shipping — with a
 * `pending` refund row, before any provider is asked. Every refund of an order takes this lock first,
 * so two at once are counted one after the other: the second sees the first's reservation.
 */
async function reserve(
  db: Db,
  who: Refunder,
  orderId: string,
  request: RefundLinesRequest,
): Promise<{ order: OrderRow; refund: RefundRow; plan: RefundPlan }> {
  return db.transaction(async (tx) => {
    const order = await lockedOrder(tx, orderId);
    if (!order) throw notFound('Order');
    const claim = request.returnId ? await claimReturnRefund(tx, request.returnId) : null;
    if (!REFUNDABLE.includes(order.status) || !order.transactionId) throw refusal(order.status, 'refunded');
    if (request.expectRefundedCents !== undefined && request.expectRefundedCents !== order.refundedCents)
      throw new Conflict(
        'refund_conflict',
        `Another refund of this order came first: ${formatDollars(order.refundedCents)} of it is refunded now. Check the order and try again.`,
      );
    const lines = await tx
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, orderId))
      .orderBy(asc(orderLines.position));
    const { plan, problem } = planRefund(
      {
        totalCents: order.totalCents,
        pricesIncludeTax: order.pricesIncludeTax,
        refundedCents: order.refundedCents,
        shippingRefunded: order.shippingRefunded,
        lines: lines.map((line) => ({
          lineId: line.id,
          name: line.partName,
          quantity: line.quantity,
          lineTotalCents: line.lineTotalCents,
          discountCents: line.discountCents,
          taxCents: line.taxCents,
          refundedQuantity: line.refundedQuantity,
        })),
      },
      { lines: request.lines, shipping: request.shipping },
    );
    if (problem) throw problemError(problem);
    const refundedLines: RefundedLine[] = plan.lines.map((line) => ({
      ...line,
      restock: request.lines?.find((asked) => asked.lineId === line.lineId)?.restock ?? request.restock,
    }));
    const shipping = !request.lines || request.shipping;
    for (const line of plan.lines)
      await tx
        .update(orderLines)
        .set({ refundedQuantity: sql`${orderLines.refundedQuantity} + ${line.quantity}` })
        .where(eq(orderLines.id, line.lineId));
    await tx
      .update(orders)
      .set({
        refundedCents: sql`${orders.refundedCents} + ${plan.amountCents}`,
        shippingRefunded: order.shippingRefunded || shipping,
      })
      .where(eq(orders.id, orderId));
    const fields = {
      state: 'pending' as const,
      amountCents: plan.amountCents,
      lines: refundedLines,
      shipping: shipping && !order.shippingRefunded,
      shippingCents: plan.shippingCents,
      reason: request.reason ?? null,
      actorId: who.id,
      actorEmail: who.email,
      failure: null,
      retryable: false,
    };
    // The same refund asked again after the provider could not be reached takes that refund's row, and
    // so its idempotency key: if the money went back the first time after all, it goes back once.
    const [retried] = await tx
      .update(refunds)
      .set({ ...fields, attempts: sql`${refunds.attempts} + 1` })
      .where(
        and(
          eq(refunds.orderId, orderId),
          eq(refunds.retryable, true),
          eq(refunds.amountCents, plan.amountCents),
          eq(refunds.shippingCents, plan.shippingCents),
          sql`${refunds.lines} @> ${JSON.stringify(refundedLines.map(({ restock, ...line }) => line))}::jsonb`,
          sql`jsonb_array_length(${refunds.lines}) = ${refundedLines.length}`,
          sql`${refunds.createdAt} > now() - interval '1 day'`,
        ),
      )
      .returning();
    const [refund] = retried
      ? [retried]
      : await tx
          .insert(refunds)
          .values({ orderId, ...fields })
          .returning();
    await claim?.link(refund!.id);
    await enqueue(tx, {
      kind: SETTLE_REFUND_JOB,
      payload: { refundId: refund!.id },
      dedupeKey: `refund:${refund!.id}:${Date.now()}`,
      runAt: new Date(Date.now() + SETTLE_AFTER_MS),
    });
    return { order, refund: refund!, plan };
  });
}

/**
 * The provider gave the money back: the refund is `succeeded` and the order moves (through the state
 * machine, whose hook restocks the chosen units and queues the mail) to `refunded` once nothing is left
 * and no other refund is still pending, else to `partially_refunded`; a return it was claimed for moves
 * to `refunded` in the same transaction. Only a pending refund settles, so the request and the settling
 * job never both do it.
 */
async function complete(db: Db, refundId: string, providerRefundId: string | null): Promise<OrderRow | null> {
  return db.transaction(async (tx) => {
    const [pending] = await tx.select().from(refunds).where(eq(refunds.id, refundId));
    if (!pending) return null;
    const order = await lockedOrder(tx, pending.orderId);
    const [refund] = await tx
      .update(refunds)
      .set({ state: 'succeeded', providerRefundId, settledAt: new Date() })
      .where(and(eq(refunds.id, refundId), eq(refunds.state, 'pending')))
      .returning();
    if (!refund || !order) return null;
    const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, order.id));
    const othersPending = await tx.$count(
      refunds,
      and(eq(refunds.orderId, order.id), eq(refunds.state, 'pending'), ne(refunds.id, refund.id)),
    );
    const left = somethingLeftToRefund({
      ...order,
      lines: lines.map((line) => ({ ...line, lineId: line.id, name: line.partName })),
    });
    const moved = await transition(tx, order, left || othersPending > 0 ? 'partially_refunded' : 'refunded', {
      actor: refund.actorId ? 'admin' : 'system',
      actorId: refund.actorId,
      note: refund.reason,
      refund: {
        id: refund.id,
        restock: refund.lines.filter((line) => line.restock),
      },
    });
    await recordAudit(
      tx,
      refund.actorId ? { id: refund.actorId, email: refund.actorEmail } : SYSTEM,
      'order.refund',
      order.number,
      {
        refund: providerRefundId,
        amountCents: refund.amountCents,
        lines: refund.lines,
        shippingCents: refund.shipping ? refund.shippingCents : null,
        ...(refund.reason && { reason: refund.reason }),
      },
    );
    await settleReturnRefund(tx, refund);
    return moved;
  });
}

/**
 * The provider did not give the money back: the reservation is released and the order is as it was; a
 * return it was claimed for can be refunded again.
 */
async function release(db: Db, refundId: string, error: PaymentProviderError): Promise<void> {
  await db.transaction(async (tx) => {
    const [pending] = await tx.select().from(refunds).where(eq(refunds.id, refundId));
    if (!pending) return;
    await lockedOrder(tx, pending.orderId);
    const [refund] = await tx
      .update(refunds)
      .set({
        state: 'failed',
        failure: error.detail,
        retryable: error.kind === 'unavailable' && pending.attempts < 2,
        settledAt: new Date(),
      })
      .where(and(eq(refunds.id, refundId), eq(refunds.state, 'pending')))
      .returning();
    if (!refund) return;
    for (const line of refund.lines)
      await tx
        .update(orderLines)
        .set({ refundedQuantity: sql`${orderLines.refundedQuantity} - ${line.quantity}` })
        .where(eq(orderLines.id, line.lineId));
    await tx
      .update(orders)
      .set({
        refundedCents: sql`${orders.refundedCents} - ${refund.amountCents}`,
        ...(refund.shipping && { shippingRefunded: false }),
      })
      .where(eq(orders.id, refund.orderId));
    await releaseReturnRefund(tx, refund.id);
  });
}

/**
 * Asks the provider for a reserved refund (its id is the idempotency key) and settles it: succeeded, or
 * released when the provider refused — or could not be reached, unless `keepWhenUnreachable` (the job
 * then tries again).
 */
async function askProvider(
  db: Db,
  payments: PaymentProvider,
  refund: RefundRow,
  intentId: string,
  keepWhenUnreachable = false,
) {
  if (refund.amountCents === 0) return complete(db, refund.id, null);
  let providerRefundId: string;
  try {
    ({ id: providerRefundId } = await payments.refund({
      intentId,
      amountCents: refund.amountCents,
      idempotencyKey: `refund-${refund.id}`,
      ...(refund.reason && { reason: refund.reason }),
    }));
  } catch (error) {
    if (error instanceof PaymentProviderError && !(keepWhenUnreachable && error.kind === 'unavailable'))
      await release(db, refund.id, error);
    throw error;
  }
  return complete(db, refund.id, providerRefundId);
}

/**
 * The only way an order's money goes back: some units of some lines (each with its share of the
 * discount and tax, shared/refunds.ts), the shipping, or — lines left out — everything not refunded yet.
 * The amount is reserved under the order's row lock before the provider is asked for it, with a key
 * unique to this refund; a provider that refuses (502) or cannot be reached (503) leaves the order as it
 * was. Refused with 409 when the order cannot be refunded (unpaid, removed, refunded), when a line has
 * fewer units left or the shipping went back already, or when another refund came first.
 */
export async function refundLines(
  db: Db,
  payments: PaymentProvider,
  who: Refunder,
  orderId: string,
  request: RefundLinesRequest,
): Promise<OrderRow> {
  if (!isUuid(orderId)) throw notFound('Order');
  const { order, refund } = await reserve(db, who, orderId, request);
  const moved = await askProvider(db, payments, refund, order.transactionId!);
  if (moved) return moved;
  // Settled meanwhile by the job (only after minutes): the order as it is now.
  const [now] = await db.select().from(orders).where(eq(orders.id, orderId));
  return now!;
}

/**
 * The job for a refund still pending minutes after it was reserved (the instance that made it stopped
 * before it heard from the provider): the provider is asked again with the same key — so a refund that
 * went through is found, not repeated — and the refund settles. Unreachable again: the job retries.
 */
export function settleRefundJob(deps: { db: Db; payments: PaymentProvider }) {
  return async (payload: Record<string, unknown>) => {
    const refundId = String(payload.refundId);
    if (!isUuid(refundId)) return;
    const [refund] = await deps.db.select().from(refunds).where(eq(refunds.id, refundId));
    if (refund?.state !== 'pending') return;
    const [order] = await deps.db.select().from(orders).where(eq(orders.id, refund.orderId));
    try {
      await askProvider(deps.db, deps.payments, refund, order!.transactionId!, true);
    } catch (error) {
      // Refused: released, nothing more to do. Unreachable (or anything else): the job is tried again.
      if (!(error instanceof PaymentProviderError && error.kind === 'refused')) throw error;
    }
  };
}
