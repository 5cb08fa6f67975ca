import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '#server/db/database.ts';
import { orders } from '#server/db/schema.ts';
import { Conflict } from '#server/lib/domain-errors.ts';
import type { PaymentProvider } from '#server/payments/provider.ts';
import { releaseUnpaidOrder } from './release';

/** How often every instance looks for unpaid orders past their hold: well inside the 30 s promise. */
export const EXPIRY_SWEEP_INTERVAL_MS = 5_000;
const BATCH = 100;

/**
 * Expires unpaid orders whose hold has ended, returning their parts to stock. Safe on any number of
 * instances at once: each expiry is a conditional state change, so exactly one of them makes it and the
 * others are refused (and move on). Returns how many this call expired.
 */
export async function expireDueOrders(
  db: Db,
  payments: PaymentProvider,
  log: FastifyBaseLogger,
): Promise<number> {
  const due = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.status, 'unpaid'), lte(orders.expiresAt, sql`now()`)))
    .orderBy(asc(orders.expiresAt))
    .limit(BATCH);
  let expired = 0;
  for (const { id } of due) {
    try {
      await releaseUnpaidOrder(db, payments, id, 'expired', { actor: 'system', note: 'Not paid in time' });
      expired += 1;
    } catch (error) {
      // Paid, removed or expired by someone else meanwhile: nothing left to do for this one.
      if (!(error instanceof Conflict)) log.error({ err: error, orderId: id }, 'order expiry failed');
    }
  }
  return expired;
}

/** Runs the sweep at start (orders may have come due while the shop was down) and then periodically. */
export function scheduleOrderExpiry(
  db: Db,
  payments: PaymentProvider,
  log: FastifyBaseLogger,
  intervalMs = EXPIRY_SWEEP_INTERVAL_MS,
): { stop(): Promise<void> } {
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const sweep = () => {
    running = running
      .then(async () => {
        // A full batch means more are due: keep going until none are.
        while (!stopped && (await expireDueOrders(db, payments, log)) === BATCH);
      })
      .catch((error: unknown) =>
        log.warn({ err: error }, 'order expiry sweep failed; retrying at the next one'),
      );
  };
  sweep();
  const timer = setInterval(sweep, intervalMs);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
