const SKELETON_KEYS = ['a', 'b', 'c', 'd', 'e', 'f'] as const;

/** Grey cards where the parts will be, while they load: the page keeps its shape. */
export function PartsSkeleton() {
  return (
    <div role="status" className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
      <span className="sr-only">Loading parts…</span>
      {SKELETON_KEYS.map((key) => (
        <div key={key} className="skeleton h-[520px] w-full" aria-hidden="true" />
      ))}
    </div>
  );
}

/** How every list of parts waits and fails (for QueryView). */
export const partsQueryStates = {
  loadingLabel: 'Loading parts…',
  loading: <PartsSkeleton />,
  errorTitle: 'The parts could not be loaded.',
};
