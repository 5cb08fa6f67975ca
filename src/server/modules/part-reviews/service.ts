import { and, desc, eq, getTableColumns, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '#server/db/database.ts';
import { orderLines, orders, partReviews, parts, users } from '#server/db/schema.ts';
import { recordId } from '#server/http/record-id.ts';
import { Forbidden, notFound } from '#server/lib/domain-errors.ts';
import { recordAudit } from '#server/modules/audit/service.ts';
import { onSale } from '#server/modules/catalog/on-sale.ts';
import { chosenLaptop } from '#server/modules/laptops/service.ts';
import type { ForLaptop } from '#shared/contracts/laptop.ts';
import type { partReviewInputSchema } from '#shared/contracts/part-review.ts';
import type { SessionUser } from '#shared/contracts/session.ts';
import type { PartReviewRow } from './review-shape';

const reviewColumns = { ...getTableColumns(partReviews), authorName: users.name };

/** Reviews with their author's name. */
const selectReviews = (db: Db, where: SQL | undefined) =>
  db
    .select(reviewColumns)
    .from(partReviews)
    .innerJoin(users, eq(users.id, partReviews.userId))
    .where(where)
    .$dynamic();

/** 404 unless the part is on sale. */
async function assertPartOnSale(db: Db, partId: string): Promise<void> {
  recordId(partId, 'Part');
  const [part] = await db
    .select({ id: parts.id })
    .from(parts)
    .where(and(eq(parts.id, partId), onSale));
  if (!part) throw notFound('Part');
}

/**
 * One page of a part's reviews, the newest first: the shown ones, or (`withHidden`, for admins) all of
 * them. 404 for a part not on sale.
 */
export async function listPartReviews(
  db: Db,
  partId: string,
  { page, limit }: { page: number; limit: number },
  withHidden: boolean,
): Promise<{ reviews: PartReviewRow[]; total: number }> {
  await assertPartOnSale(db, partId);
  const where = and(eq(partReviews.partId, partId), withHidden ? undefined : isNull(partReviews.hiddenAt));
  const offset = (page - 1) * limit;
  const reviews = await selectReviews(db, where)
    .orderBy(desc(partReviews.createdAt), desc(partReviews.id))
    .limit(limit)
    .offset(offset);
  // A page that is not full is the last one: it tells the total without counting.
  const total =
    reviews.length > 0 && reviews.length < limit
      ? offset + reviews.length
      : reviews.length === 0 && page === 1
        ? 0
        : await db.$count(partReviews, where);
  return { reviews, total };
}

/**
 * The laptop of the customer's latest delivered order line of the part (null when none was said), or
 * undefined when no order line of theirs was ever delivered: receiving the part is what lets them review
 * it (a delivery refunded or returned since still counts).
 */
async function deliveredLine(db: Db, userId: string, partId: string): Promise<ForLaptop | undefined> {
  const [line] = await db
    .select({ slug: orderLines.forLaptopSlug, name: orderLines.forLaptopName })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(and(eq(orders.userId, userId), eq(orderLines.partId, partId), isNotNull(orders.deliveredAt)))
    .orderBy(desc(orders.deliveredAt))
    .limit(1);
  if (!line) return undefined;
  return line.slug && line.name ? { slug: line.slug, name: line.name } : null;
}

async function reviewById(db: Db, id: string): Promise<PartReviewRow> {
  const [row] = await selectReviews(db, eq(partReviews.id, id));
  if (!row) throw notFound('Review');
  return row;
}

export const notABuyer = () =>
  new Forbidden('not_a_buyer', 'Only customers who received this part can review it.');

/**
 * Writes the customer's review of a part, or edits the one they wrote (one per part and customer,
 * whatever two requests at once do): 403 unless an order line of the part was delivered to them, 400
 * naming `laptop` for a model the shop does not know. A hidden review stays hidden when edited. The
 * part's rating follows in the same statement (trigger part_reviews_rating).
 */
export async function savePartReview(
  db: Db,
  author: SessionUser,
  partId: string,
  input: z.output<typeof partReviewInputSchema>,
): Promise<{ review: PartReviewRow; created: boolean }> {
  await assertPartOnSale(db, partId);
  if ((await deliveredLine(db, author.id, partId)) === undefined) throw notABuyer();
  const laptop = await chosenLaptop(db, input.laptop);
  const written = {
    rating: input.rating,
    body: input.text,
    forLaptopSlug: laptop?.slug ?? null,
    forLaptopName: laptop?.name ?? null,
    updatedAt: new Date(),
  };
  const [row] = await db
    .insert(partReviews)
    .values({ partId, userId: author.id, ...written })
    .onConflictDoUpdate({ target: [partReviews.partId, partReviews.userId], set: written })
    // A row the statement inserted has no deleting transaction yet: xmax 0.
    .returning({ id: partReviews.id, created: sql<boolean>`(xmax = 0)` });
  return { review: await reviewById(db, row!.id), created: row!.created };
}

/** What a signed-in customer may do about their review of a part (the part's page asks). */
export async function myPartReview(
  db: Db,
  user: SessionUser,
  partId: string,
): Promise<{ canReview: boolean; review: PartReviewRow | null; orderedFor: ForLaptop }> {
  await assertPartOnSale(db, partId);
  const [line, [review]] = await Promise.all([
    deliveredLine(db, user.id, partId),
    selectReviews(db, and(eq(partReviews.partId, partId), eq(partReviews.userId, user.id))),
  ]);
  return { canReview: line !== undefined, review: review ?? null, orderedFor: line ?? null };
}

/**
 * An admin hides a review (it leaves the list and the part's rating) or restores it; audited. 404 for
 * a review that is not of this part.
 */
export async function setPartReviewHidden(
  db: Db,
  admin: SessionUser,
  partId: string,
  reviewId: string,
  hidden: boolean,
): Promise<PartReviewRow> {
  recordId(partId, 'Part');
  recordId(reviewId, 'Review');
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(partReviews)
      .set({ hiddenAt: hidden ? sql`coalesce(${partReviews.hiddenAt}, now())` : null })
      .where(and(eq(partReviews.id, reviewId), eq(partReviews.partId, partId)))
      .returning({ id: partReviews.id });
    if (!row) throw notFound('Review');
    await recordAudit(tx, admin, hidden ? 'part-review.hide' : 'part-review.restore', reviewId, { partId });
    return reviewById(tx, reviewId);
  });
}
