import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDollars } from '#shared/money.ts';
import { conditionAndWarranty } from '#shared/part-numbers.ts';
import { RatingSummary } from '#web/components/ui/rating-summary.tsx';
import type { Part } from '#web/lib/part.ts';

interface PartDetailsProps {
  part: Part;
  /** The part's category, linking to its parts (the product page shows it; the purchase page does not). */
  category?: { slug: string; name: string };
  /** Actions under the description (the product page's Purchase Now). */
  children?: ReactNode;
}

/** A part described in full: the purchase page's and the product page's. */
export function PartDetails({ part, category, children }: PartDetailsProps) {
  return (
    <article className="card bg-base-100 shadow md:card-side">
      <figure className="bg-base-200 md:w-2/5 md:shrink-0">
        <img
          src={part.img}
          alt={part.name}
          width="640"
          height="480"
          className="h-72 w-full object-contain p-4 md:h-full md:min-h-96"
        />
      </figure>
      <div className="card-body">
        <h1 className="card-title text-2xl">{part.name}</h1>
        <p className="text-2xl font-bold">{formatDollars(part.priceCents)}</p>
        <RatingSummary rating={part.rating} compact />
        <p className="font-medium" data-testid="condition">
          {conditionAndWarranty(part.condition, part.warrantyMonths)}
        </p>
        <dl className="grid max-w-xs grid-cols-2 gap-x-2">
          <dt>Minimum Quantity</dt>
          <dd className="text-right font-semibold" data-testid="minimum-quantity">
            {part.minimumQuantity}
          </dd>
          <dt>Available Quantity</dt>
          <dd className="text-right font-semibold" data-testid="available-quantity">
            {part.availableQuantity}
          </dd>
          {part.partNumbers.length > 0 ? (
            <>
              <dt>{part.partNumbers.length === 1 ? 'Part number' : 'Part numbers'}</dt>
              <dd className="text-right font-semibold" data-testid="part-numbers">
                {part.partNumbers.join(', ')}
              </dd>
            </>
          ) : null}
          {category ? (
            <>
              <dt>Category</dt>
              <dd className="text-right font-semibold">
                <Link to={`/parts?category=${encodeURIComponent(category.slug)}`} className="link">
                  {category.name}
                </Link>
              </dd>
            </>
          ) : null}
        </dl>
        <p className="leading-relaxed">
          <span className="font-semibold">Description: </span>
          {part.description}
        </p>
        {children}
      </div>
    </article>
  );
}
