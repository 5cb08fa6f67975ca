import { and, asc, count, desc, eq, gte, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '#server/db/database.ts';
import { jobs, parts, stockAlerts } from '#server/db/schema.ts';
import { recordId } from '#server/http/record-id.ts';
import { enqueue } from '#server/jobs/queue.ts';
import { Conflict, NotFound, notFound } from '#server/lib/domain-errors.ts';
import { onSale } from '#server/modules/catalog/on-sale.ts';

/** The job migration 0021's trigger queues when a part someone waits for can be bought again. */
export const BACK_IN_STOCK_JOB = 'back-in-stock';
/** One mail about an alert: the link to confirm it, or the part being back. */
export const STOCK_ALERT_MAIL_JOB = 'stock-alert-mail';
export type StockAlertMailKind = 'confirm' | 'back-in-stock';

/** A part can be bought: on sale, with at least its minimum order in stock. */
const buyable = and(onSale, gte(parts.availableQuantity, parts.minQuantity));

/**
 * The confirmation link again at most this often per alert: a visitor who lost the first one can ask
 * again, and nobody can fill an inbox by asking many times.
 */
const CONFIRMATION_RESEND_MS = 10 * 60_000;

async function queueConfirmation(tx: Db, alertId: string): Promise<void> {
  const slot = Math.floor(Date.now() / CONFIRMATION_RESEND_MS);
  await enqueue(tx, {
    kind: STOCK_ALERT_MAIL_JOB,
    payload: { kind: 'confirm', alertId },
    dedupeKey: `mail:stock-alert-confirm:${alertId}:${slot}`,
  });
}

/** The one fan-out job of a part that can be bought now (the trigger queues the same for a stock change). */
async function queueBackInStock(tx: Db, partId: string, reason: string): Promise<void> {
  await enqueue(tx, {
    kind: BACK_IN_STOCK_JOB,
    payload: { partId },
    dedupeKey: `back-in-stock:${partId}:${reason}`,
  });
}

export const partInStock = () =>
  new Conflict('part_in_stock', 'This part is in stock: you can order it now.');

/**
 * "Notify me when it's back" for a part that cannot be bought now (404 for a part not on sale, 409 when
 * it can be bought). `confirmed`: the address is known to be its asker's (a customer's verified
 * address), so it counts at once; otherwise a link to confirm is mailed (again, at most every ten
 * minutes) and nothing else is sent to it until it is opened. One waiting alert per part and address.
 */
export async function askForStockAlert(
  db: Db,
  ask: { partId: string; email: string; userId: string | null; confirmed: boolean },
): Promise<{ status: 'subscribed' | 'confirmation_sent'; created: boolean }> {
  recordId(ask.partId, 'Part');
  const email = ask.email.trim().toLowerCase();
  return db.transaction(async (tx) => {
    const [part] = await tx
      .select({ buyable: sql<boolean>`${buyable}` })
      .from(parts)
      .where(and(eq(parts.id, ask.partId), onSale));
    if (!part) throw notFound('Part');
    if (part.buyable) throw partInStock();
    const confirmedAt = ask.confirmed ? new Date() : null;
    const [created] = await tx
      .insert(stockAlerts)
      .values({ partId: ask.partId, email, userId: ask.userId, confirmedAt })
      .onConflictDoNothing({ target: [stockAlerts.partId, stockAlerts.email], where: sql`ended_at is null` })
      .returning({ id: stockAlerts.id });
    if (created) {
      if (!ask.confirmed) await queueConfirmation(tx, created.id);
      return { status: ask.confirmed ? 'subscribed' : 'confirmation_sent', created: true };
    }
    const [waiting] = await tx
      .select({ id: stockAlerts.id, confirmedAt: stockAlerts.confirmedAt })
      .from(stockAlerts)
      .where(
        and(eq(stockAlerts.partId, ask.partId), eq(stockAlerts.email, email), isNull(stockAlerts.endedAt)),
      );
    // Ended between the insert and this read (the part came back meanwhile): nothing left to wait for.
    if (!waiting) throw partInStock();
    if (ask.confirmed) {
      if (!waiting.confirmedAt)
        await tx
          .update(stockAlerts)
          .set({ confirmedAt, userId: ask.userId })
          .where(eq(stockAlerts.id, waiting.id));
      return { status: 'subscribed', created: false };
    }
    if (!waiting.confirmedAt) await queueConfirmation(tx, waiting.id);
    return { status: 'confirmation_sent', created: false };
  });
}

/** Whether the address waits for the part (a customer's "Notify me" shows it). */
export async function isWaitingFor(db: Db, partId: string, email: string): Promise<boolean> {
  recordId(partId, 'Part');
  const waiting = await db.$count(
    stockAlerts,
    and(
      eq(stockAlerts.partId, partId),
      eq(stockAlerts.email, email.toLowerCase()),
      isNotNull(stockAlerts.confirmedAt),
      isNull(stockAlerts.endedAt),
    ),
  );
  return waiting > 0;
}

/** A customer no longer waits for the part (nothing happens when they did not). */
export async function cancelStockAlert(db: Db, partId: string, email: string): Promise<void> {
  recordId(partId, 'Part');
  await db
    .update(stockAlerts)
    .set({ endedAt: new Date(), endReason: 'cancelled' })
    .where(
      and(
        eq(stockAlerts.partId, partId),
        eq(stockAlerts.email, email.toLowerCase()),
        isNull(stockAlerts.endedAt),
      ),
    );
}

export const invalidLink = () =>
  new NotFound('invalid_link', 'This link is not valid: open the one in the mail we sent you.');

/**
 * Confirms an alert by its mailed link. When the part can be bought already (it came back before the
 * link was opened), its mail is queued at once, as the trigger would have. 404 for an unknown alert,
 * 409 for one that has ended.
 */
export async function confirmStockAlert(
  db: Db,
  alertId: string,
): Promise<{ part: { _id: string; name: string }; inStock: boolean }> {
  return db.transaction(async (tx) => {
    const [alert] = await tx
      .select({
        endedAt: stockAlerts.endedAt,
        endReason: stockAlerts.endReason,
        partId: parts.id,
        name: parts.name,
        buyable: sql<boolean>`${buyable}`,
      })
      .from(stockAlerts)
      .innerJoin(parts, eq(parts.id, stockAlerts.partId))
      .where(eq(stockAlerts.id, alertId))
      .for('update', { of: stockAlerts });
    if (!alert) throw invalidLink();
    if (alert.endedAt)
      throw new Conflict(
        'alert_ended',
        alert.endReason === 'notified'
          ? `We already wrote to you: ${alert.name} is back in stock.`
          : 'This alert has ended: ask again on the part’s page.',
      );
    await tx
      .update(stockAlerts)
      .set({ confirmedAt: sql`coalesce(${stockAlerts.confirmedAt}, now())` })
      .where(eq(stockAlerts.id, alertId));
    if (alert.buyable) await queueBackInStock(tx, alert.partId, `confirmed:${alertId}`);
    return { part: { _id: alert.partId, name: alert.name }, inStock: alert.buyable };
  });
}

/**
 * Unsubscribes by a mailed link, without signing in: the alert and every other alert still waiting
 * for the same address end. Answers how many ended (0 when they all had already); 404 for an unknown
 * alert.
 */
export async function unsubscribeStockAlerts(db: Db, alertId: string): Promise<number> {
  return db.transaction(async (tx) => {
    const [alert] = await tx
      .select({ email: stockAlerts.email })
      .from(stockAlerts)
      .where(eq(stockAlerts.id, alertId));
    if (!alert) throw invalidLink();
    const ended = await tx
      .update(stockAlerts)
      .set({ endedAt: new Date(), endReason: 'unsubscribed' })
      .where(and(eq(stockAlerts.email, alert.email), isNull(stockAlerts.endedAt)))
      .returning({ id: stockAlerts.id });
    return ended.length;
  });
}

/**
 * The back-in-stock job: when the part can be bought now, every confirmed alert waiting for it ends and
 * queues its one mail, in one statement (an alert ends once, however many jobs of the part run at
 * once: a second update waits for the first and finds it ended). A part out of stock again, or gone,
 * keeps its alerts for the next time.
 */
export async function fanOutBackInStock(db: Db, partId: string): Promise<number> {
  return db.transaction(async (tx) => {
    const [part] = await tx
      .select({ id: parts.id })
      .from(parts)
      .where(and(eq(parts.id, partId), buyable));
    if (!part) return 0;
    const result = await tx.execute(sql`
      with ended as (
        update ${stockAlerts} set ended_at = now(), end_reason = 'notified'
        where part_id = ${partId} and confirmed_at is not null and ended_at is null
        returning id)
      insert into ${jobs} (kind, payload, dedupe_key)
      select ${STOCK_ALERT_MAIL_JOB}, jsonb_build_object('kind', 'back-in-stock', 'alertId', id),
        'mail:back-in-stock:' || id
      from ended
      on conflict (dedupe_key) do nothing`);
    const written = result as unknown as { rowCount?: number | null; affectedRows?: number };
    return written.rowCount ?? written.affectedRows ?? 0;
  });
}

/** An alert with its part, for its mail. */
export async function alertForMail(db: Db, alertId: string) {
  const [alert] = await db
    .select({
      id: stockAlerts.id,
      email: stockAlerts.email,
      confirmedAt: stockAlerts.confirmedAt,
      endedAt: stockAlerts.endedAt,
      partId: parts.id,
      partName: parts.name,
      priceCents: parts.priceCents,
    })
    .from(stockAlerts)
    .innerJoin(parts, eq(parts.id, stockAlerts.partId))
    .where(eq(stockAlerts.id, alertId));
  return alert;
}

/**
 * The Overview's most wanted parts: parts on sale that cannot be bought now, by how many confirmed
 * addresses wait for them, the most first.
 */
export async function mostWantedParts(db: Db, limit: number) {
  const subscribers = count(stockAlerts.id);
  return db
    .select({
      partId: parts.id,
      name: parts.name,
      subscribers,
      available: parts.availableQuantity,
      minimum: parts.minQuantity,
    })
    .from(stockAlerts)
    .innerJoin(parts, eq(parts.id, stockAlerts.partId))
    .where(
      and(
        isNotNull(stockAlerts.confirmedAt),
        isNull(stockAlerts.endedAt),
        onSale,
        lt(parts.availableQuantity, parts.minQuantity),
      ),
    )
    .groupBy(parts.id)
    .orderBy(desc(subscribers), asc(parts.name))
    .limit(limit);
}
