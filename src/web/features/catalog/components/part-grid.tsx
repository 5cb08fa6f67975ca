import { QueryError } from '../../../components/ui/query-error';
import { useParts } from '../api/get-parts';
import { PartCard } from './part-card';

const EAGER_CARDS = 3;
const SKELETON_KEYS = ['a', 'b', 'c', 'd', 'e', 'f'] as const;

/** The home page's "Laptop Selling Parts" section. */
export function PartGrid() {
  const parts = useParts();
  return (
    <section aria-labelledby="parts-heading" className="mx-auto max-w-7xl px-4 py-12">
      <h2 id="parts-heading" className="mb-8 text-center text-3xl font-bold">
        Laptop Selling Parts
      </h2>
      {parts.isPending ? (
        <div role="status" className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          <span className="sr-only">Loading parts…</span>
          {SKELETON_KEYS.map((key) => (
            <div key={key} className="skeleton h-[520px] w-full" aria-hidden="true" />
          ))}
        </div>
      ) : parts.isError ? (
        <QueryError
          title="The parts could not be loaded."
          error={parts.error}
          onRetry={() => void parts.refetch()}
        />
      ) : parts.data.length === 0 ? (
        <p className="text-center opacity-80">No parts are for sale right now. Please check back soon.</p>
      ) : (
        <div className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {parts.data.map((part, index) => (
            <PartCard key={part._id} part={part} eager={index < EAGER_CARDS} />
          ))}
        </div>
      )}
    </section>
  );
}
