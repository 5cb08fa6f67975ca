import type { Review } from '../../../shared/contracts/review';
import type { reviews } from '../../db/schema';

/** A stored review as the API sends it (`_id`, dates as ISO text). */
export const toReview = (row: typeof reviews.$inferSelect): Review => ({
  _id: row.id,
  name: row.name,
  location: row.location,
  rating: row.rating,
  review: row.review,
  createdAt: row.createdAt.toISOString(),
});
