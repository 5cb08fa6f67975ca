import { desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '#server/db/database.ts';
import { reviews } from '#server/db/schema.ts';
import { recordId } from '#server/http/record-id.ts';
import { notFound } from '#server/lib/domain-errors.ts';
import { recordAudit } from '#server/modules/audit/service.ts';
import type { reviewInputSchema } from '#shared/contracts/review.ts';
import type { SessionUser } from '#shared/contracts/session.ts';

const NEWEST_LIMIT = 100;

export type ReviewRow = typeof reviews.$inferSelect;

export function listReviews(db: Db): Promise<ReviewRow[]> {
  return db.select().from(reviews).orderBy(desc(reviews.createdAt)).limit(NEWEST_LIMIT);
}

export async function addReview(
  db: Db,
  author: SessionUser,
  input: z.output<typeof reviewInputSchema>,
): Promise<ReviewRow> {
  const [row] = await db
    .insert(reviews)
    .values({ ...input, userId: author.id })
    .returning();
  return row!;
}

export async function deleteReview(db: Db, admin: SessionUser, id: string): Promise<void> {
  recordId(id, 'Review');
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(reviews).where(eq(reviews.id, id)).returning({ id: reviews.id });
    if (!row) throw notFound('Review');
    await recordAudit(tx, admin, 'review.delete', id);
  });
}
