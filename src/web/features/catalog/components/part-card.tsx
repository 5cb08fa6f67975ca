import type { MouseEvent, ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDollars } from '#shared/money.ts';
import { productPagePath, purchasePagePath } from '#shared/pages.ts';
import { CONDITION_LABELS } from '#shared/part-numbers.ts';
import { cardImageUrl } from '#shared/uploaded-images.ts';
import { RatingSummary } from '#web/components/ui/rating-summary.tsx';
import type { Part } from '#web/lib/part.ts';

interface PartCardProps {
  part: Part;
  /** The first row of cards is above the fold: load those images eagerly. */
  eager?: boolean;
  /** The card's heading level: 3 under a section heading (home), 2 right under the page's h1. */
  headingLevel?: 2 | 3;
  /** Another action beside Purchase Now (the page's Add to cart), offered while the part is in stock. */
  action?: ReactNode;
  /** A line under the price (whether the part fits the shopper's laptop). */
  note?: ReactNode;
  /** Called on Purchase Now before it is followed (it may stop it to ask first). */
  onPurchase?: (event: MouseEvent<HTMLAnchorElement>) => void;
  /** Whether the one looking buys (admins do not: no Purchase Now). */
  buys?: boolean;
}

/**
 * A part in a grid. Its name links to the part's page, and the whole card is that link's target for a
 * pointer (a stretched link), while Purchase Now (and `action`) stay controls of their own above it.
 */
export function PartCard({
  part,
  eager = false,
  headingLevel = 3,
  action,
  note,
  onPurchase,
  buys = true,
}: PartCardProps) {
  const soldOut = part.availableQuantity < part.minimumQuantity;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="card relative bg-base-100 shadow-md transition-shadow hover:shadow-xl">
      <figure className="bg-base-200">
        <img
          src={cardImageUrl(part.img)}
          alt={part.name}
          width="400"
          height="250"
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          className="h-[250px] w-full object-contain"
        />
      </figure>
      <div className="card-body">
        <Heading className="card-title">
          <Link
            to={productPagePath(part._id)}
            className="after:absolute after:inset-0 after:rounded-box hover:underline focus-visible:outline-2 focus-visible:outline-offset-2"
          >
            {part.name}
          </Link>
        </Heading>
        <p className="flex flex-wrap items-center gap-2">
          <span className="text-2xl font-bold">{formatDollars(part.priceCents)}</span>
          {/* New is what a shopper assumes: only the other conditions are said. */}
          {part.condition === 'new' ? null : (
            <span className="badge badge-outline">{CONDITION_LABELS[part.condition]}</span>
          )}
        </p>
        <RatingSummary rating={part.rating} compact />
        {note}
        <dl className="grid grid-cols-2 gap-x-2 text-sm">
          <dt className="opacity-80">Minimum Quantity</dt>
          <dd className="text-right font-medium">{part.minimumQuantity}</dd>
          <dt className="opacity-80">Available Quantity</dt>
          <dd className="text-right font-medium">{part.availableQuantity}</dd>
        </dl>
        <p className="text-sm leading-relaxed">{part.description}</p>
        <div className="card-actions mt-2 justify-end">
          {soldOut ? (
            <span className="badge badge-outline">Out of stock</span>
          ) : !buys ? null : (
            <>
              {action ? <div className="relative z-10">{action}</div> : null}
              <Link
                to={purchasePagePath(part._id)}
                className="btn btn-primary relative z-10"
                aria-label={`Purchase Now: ${part.name}`}
                onClick={onPurchase}
              >
                Purchase Now
              </Link>
            </>
          )}
        </div>
      </div>
    </article>
  );
}
