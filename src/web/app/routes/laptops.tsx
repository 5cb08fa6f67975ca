import { useNavigate, useSearchParams } from 'react-router';
import { finderHref, readFinderState } from '#shared/laptop-finder.ts';
import { LaptopFinder } from '#web/features/laptops/components/laptop-finder.tsx';

/** /laptops: find one's laptop by search or brand; each model links to its page of parts. */
export function LaptopsRoute() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  return (
    <main id="main" className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-10">
      <h1 className="text-3xl font-bold">Find your laptop</h1>
      <LaptopFinder state={readFinderState(params)} onChange={(next) => navigate(finderHref(next))} />
    </main>
  );
}
