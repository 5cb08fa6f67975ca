import type { PartRating } from '#shared/contracts/part.ts';
import { Stars } from './stars';

/** "4.5 out of 5 · 12 reviews": what its buyers think of a part, in one string (decision 020). */
export const ratingText = ({ average, count }: PartRating) =>
  average === null
    ? 'No reviews yet'
    : `${average.toFixed(1)} out of 5 · ${count} ${count === 1 ? 'review' : 'reviews'}`;

/**
 * A part's stars and their average, on its card and its page; a card without reviews says nothing.
 * The stars are drawn rounded; the text says the average.
 */
export function RatingSummary({ rating, compact = false }: { rating: PartRating; compact?: boolean }) {
  if (rating.average === null && compact) return null;
  return (
    <p className={`flex flex-wrap items-center gap-2 ${compact ? 'text-sm' : ''}`} data-testid="rating">
      {rating.average === null ? null : (
        <span aria-hidden="true">
          <Stars rating={Math.round(rating.average)} />
        </span>
      )}
      <span>{ratingText(rating)}</span>
    </p>
  );
}
