import type { partReviews } from '#server/db/schema.ts';
import type { PartReview } from '#shared/contracts/part-review.ts';

export type PartReviewRow = typeof partReviews.$inferSelect & { authorName: string };

/**
 * How a review names its author to other shoppers: the first name and the initial of the last one
 * ("Ada Lovelace" → "Ada L."), never the whole name or the address.
 */
export function shownAuthor(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return 'A customer';
  const [first, ...rest] = words;
  const last = rest.at(-1);
  return last ? `${first} ${[...last][0]!.toUpperCase()}.` : first!;
}

/** A stored review as the API sends it. */
export const toPartReview = (row: PartReviewRow): PartReview => ({
  _id: row.id,
  partId: row.partId,
  rating: row.rating,
  text: row.body,
  laptop:
    row.forLaptopSlug && row.forLaptopName ? { slug: row.forLaptopSlug, name: row.forLaptopName } : null,
  author: shownAuthor(row.authorName),
  verifiedBuyer: true,
  hidden: row.hiddenAt !== null,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});
