import { Link } from 'react-router';
import type { Part } from '../../../../shared/contracts/part';
import { formatDollars } from '../../../../shared/money';

interface PartCardProps {
  part: Part;
  /** The first row of cards is above the fold: load those images eagerly. */
  eager?: boolean;
}

export function PartCard({ part, eager = false }: PartCardProps) {
  const soldOut = part.avaquantity < part.minquantity;
  return (
    <article className="card bg-base-100 shadow-md transition-shadow hover:shadow-xl">
      <figure className="bg-base-200">
        <img
          src={part.img}
          alt={part.name}
          width="400"
          height="250"
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          className="h-[250px] w-full object-contain"
        />
      </figure>
      <div className="card-body">
        <h3 className="card-title">{part.name}</h3>
        <p className="text-2xl font-bold">{formatDollars(part.priceCents)}</p>
        <dl className="grid grid-cols-2 gap-x-2 text-sm">
          <dt className="opacity-80">Minimum Quantity</dt>
          <dd className="text-right font-medium">{part.minquantity}</dd>
          <dt className="opacity-80">Available Quantity</dt>
          <dd className="text-right font-medium">{part.avaquantity}</dd>
        </dl>
        <p className="text-sm leading-relaxed">{part.description}</p>
        <div className="card-actions mt-2 justify-end">
          {soldOut ? (
            <span className="badge badge-outline">Out of stock</span>
          ) : (
            <Link
              to={`/purchase/${part._id}`}
              className="btn btn-primary"
              aria-label={`Purchase Now: ${part.name}`}
            >
              Purchase Now
            </Link>
          )}
        </div>
      </div>
    </article>
  );
}
