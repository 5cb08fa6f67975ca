import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { HOME_PARTS_QUERY } from '#shared/browse.ts';
import { QueryView } from '#web/components/ui/query-view.tsx';
import type { Part } from '#web/lib/part.ts';
import { useParts } from '../api/get-parts';
import { PartCard } from './part-card';
import { partsQueryStates } from './parts-skeleton';

const EAGER_CARDS = 3;

/**
 * The home page's "Laptop Selling Parts" section; `cardAction` adds a control to each card, and `buys`
 * says whether the one looking buys (admins do not: no Purchase Now).
 */
export function PartGrid({
  cardAction,
  buys = true,
}: {
  cardAction?: (part: Part) => ReactNode;
  buys?: boolean;
}) {
  const parts = useParts(HOME_PARTS_QUERY);
  return (
    <section aria-labelledby="parts-heading" className="mx-auto max-w-7xl px-4 py-12">
      <h2 id="parts-heading" className="mb-8 text-center text-3xl font-bold">
        Laptop Selling Parts
      </h2>
      <QueryView
        query={parts}
        {...partsQueryStates}
        isEmpty={(result) => result.data.length === 0}
        empty={
          <p className="text-center opacity-80">No parts are for sale right now. Please check back soon.</p>
        }
      >
        {(result) => (
          <>
            <div className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
              {result.data.map((part, index) => (
                <PartCard
                  key={part._id}
                  part={part}
                  eager={index < EAGER_CARDS}
                  action={cardAction?.(part)}
                  buys={buys}
                />
              ))}
            </div>
            <p className="mt-10 text-center">
              <Link to="/parts" className="btn btn-primary btn-wide">
                Browse all parts
              </Link>
            </p>
          </>
        )}
      </QueryView>
    </section>
  );
}
