import type { reviews } from '#server/db/schema.ts';
import type { Review } from '#shared/contracts/review.ts';

/** A stored review as the API sends it (`_id`, dates as ISO text). */
export const toReview = (row: typeof reviews.$inferSelect): Review => ({
  _id: row.id,
  name: row.name,
  location: row.location,
  rating: row.rating,
  review: row.review,
  createdAt: row.createdAt.toISOString(),
});
