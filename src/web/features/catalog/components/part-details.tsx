import type { Part } from '../../../../shared/contracts/part';
import { formatDollars } from '../../../../shared/money';

/** The purchase page's description of a part (spec §2). */
export function PartDetails({ part }: { part: Part }) {
  return (
    <article className="card bg-base-100 shadow md:card-side">
      <figure className="bg-base-200 md:w-2/5">
        <img
          src={part.img}
          alt={part.name}
          width="400"
          height="300"
          className="h-[250px] w-full object-contain"
        />
      </figure>
      <div className="card-body">
        <h1 className="card-title text-2xl">{part.name}</h1>
        <p className="text-2xl font-bold">{formatDollars(part.priceCents)}</p>
        <dl className="grid max-w-xs grid-cols-2 gap-x-2">
          <dt>Minimum Quantity</dt>
          <dd className="text-right font-semibold" data-testid="minimum-quantity">
            {part.minquantity}
          </dd>
          <dt>Available Quantity</dt>
          <dd className="text-right font-semibold" data-testid="available-quantity">
            {part.avaquantity}
          </dd>
        </dl>
        <p className="leading-relaxed">
          <span className="font-semibold">Description: </span>
          {part.description}
        </p>
      </div>
    </article>
  );
}
