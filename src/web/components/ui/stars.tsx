interface StarsProps {
  rating: number;
}

/** A read-only star rating; the text alternative carries the number. */
export function Stars({ rating }: StarsProps) {
  return (
    <span role="img" aria-label={`Rated ${rating} out of 5`} className="text-amber-600">
      {'★'.repeat(rating)}
      <span className="text-base-content/30">{'★'.repeat(5 - rating)}</span>
    </span>
  );
}
