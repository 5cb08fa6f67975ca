import { useId } from 'react';

interface StarRatingInputProps {
  value: number;
  onChange: (rating: number) => void;
  error?: string;
}

/** Five radio buttons drawn as stars: arrow keys move between them, each has a spoken label. */
export function StarRatingInput({ value, onChange, error }: StarRatingInputProps) {
  const name = useId();
  return (
    <fieldset aria-describedby={error ? `${name}-error` : undefined}>
      <legend className="mb-1 text-sm font-medium">Rating</legend>
      <div className="rating rating-lg">
        {[1, 2, 3, 4, 5].map((stars) => (
          <input
            key={stars}
            type="radio"
            name={name}
            className="mask mask-star-2 bg-amber-500"
            aria-label={`${stars} ${stars === 1 ? 'star' : 'stars'}`}
            checked={value === stars}
            onChange={() => onChange(stars)}
          />
        ))}
      </div>
      {error ? (
        <p id={`${name}-error`} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
