import { desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Review, reviewInputSchema } from '../../../shared/contracts/review';
import type { SessionUser } from '../../../shared/contracts/session';
import type { Db } from '../../db/database';
import { reviews } from '../../db/schema';
import { notFound } from '../../http/errors';
import { recordId } from '../../http/record-id';
import { recordAudit } from '../audit/service';

const NEWEST_LIMIT = 100;

export async function listReviews(db: Db): Promise<Review[]> {
  const rows = await db.select().from(reviews).orderBy(desc(reviews.createdAt)).limit(NEWEST_LIMIT);
  return rows.map(toReview);
}

const toReview = (row: typeof reviews.$inferSelect): Review => ({
  _id: row.id,
  name: row.name,
  location: row.location,
  rating: row.rating,
  review: row.review,
  createdAt: row.createdAt.toISOString(),
});

export async function addReview(
  db: Db,
  author: SessionUser,
  input: z.output<typeof reviewInputSchema>,
): Promise<Review> {
  const [row] = await db
    .insert(reviews)
    .values({ ...input, userId: author.id })
    .returning();
  return toReview(row!);
}

export async function deleteReview(db: Db, admin: SessionUser, id: string): Promise<void> {
  recordId(id, 'Review');
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(reviews).where(eq(reviews.id, id)).returning({ id: reviews.id });
    if (!row) throw notFound('Review');
    await recordAudit(tx, admin, 'review.delete', id);
  });
}
