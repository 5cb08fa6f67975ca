import { desc } from 'drizzle-orm';
import type { Review } from '../../../shared/contracts/review';
import type { Db } from '../../db/database';
import { reviews } from '../../db/schema';

const NEWEST_LIMIT = 100;

export async function listReviews(db: Db): Promise<Review[]> {
  const rows = await db.select().from(reviews).orderBy(desc(reviews.createdAt)).limit(NEWEST_LIMIT);
  return rows.map((row) => ({
    _id: row.id,
    name: row.name,
    location: row.location,
    rating: row.rating,
    review: row.review,
    createdAt: row.createdAt.toISOString(),
  }));
}
