import { Link, useParams, useSearchParams } from 'react-router';
import { browseQuery, browseSearchParams, readBrowseState } from '#shared/browse.ts';
import type { LaptopDetail } from '#shared/contracts/laptop.ts';
import { finderHref } from '#shared/laptop-finder.ts';
import { LAPTOPS_PAGE, laptopPageTitle, laptopScope } from '#shared/pages.ts';
import { QueryError } from '#web/components/ui/query-error.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { PartsBrowser } from '#web/features/catalog/components/parts-browser.tsx';
import { FitBadge } from '#web/features/laptops/components/fit-notice.tsx';
import { modelDetails } from '#web/features/laptops/components/model-list.tsx';
import { useChooseMyLaptop, useMyLaptop } from '#web/features/profile/my-laptop.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { useLaptop } from '#web/lib/queries/get-laptop.ts';
import { useShopper } from '#web/lib/session.ts';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import { usePartCardExtras } from '../part-card-extras';

/**
 * /laptops/:slug: a laptop model's parts, browsed as on /parts with the model fixed (the server sends
 * its head: title, description, JSON-LD), and "This is my laptop".
 */
export function LaptopRoute() {
  const { slug = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const scope = laptopScope(slug);
  const state = readBrowseState(params, scope);
  const model = useLaptop(slug);
  const shopper = useShopper();
  const laptop = useMyLaptop();
  const chooseLaptop = useChooseMyLaptop(shopper.signedIn);
  // Its parts are asked for with the model, not after it (the browser below shows the same query).
  const { card, dialog } = usePartCardExtras(browseQuery(state, scope));
  const mine = laptop !== null && laptop.slug === model.data?.slug;
  const notFound = model.error instanceof ApiError && model.error.status === 404;
  useDocumentTitle(model.data ? laptopPageTitle(model.data.name) : notFound ? 'Laptop not found' : undefined);

  if (model.isPending)
    return (
      <main id="main" className="mx-auto max-w-7xl px-4 py-10">
        <Spinner label="Loading the laptop…" />
      </main>
    );
  if (model.isError)
    return (
      <main id="main" className="mx-auto flex max-w-7xl flex-col items-start gap-3 px-4 py-10">
        {notFound ? (
          <>
            <h1 className="text-2xl font-bold">Laptop not found</h1>
            <p>The shop does not list this laptop model.</p>
            <Link to={LAPTOPS_PAGE} className="btn btn-primary">
              Find your laptop
            </Link>
          </>
        ) : (
          <>
            <h1 className="sr-only">Laptop</h1>
            <QueryError
              title="The laptop could not be loaded."
              error={model.error}
              onRetry={() => void model.refetch()}
            />
          </>
        )}
      </main>
    );

  const found = model.data;
  return (
    <main id="main" className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-10">
      <ModelHeading
        model={found}
        mine={mine}
        onChoose={() => void chooseLaptop({ slug: found.slug, name: found.name })}
      />
      <PartsBrowser
        state={state}
        scope={scope}
        categories={found.categories}
        onChange={(next) => setParams(browseSearchParams(next))}
        nothingForSale={`No parts for the ${found.name} are for sale right now`}
        card={card}
      />
      {dialog}
    </main>
  );
}

function ModelHeading({
  model,
  mine,
  onChoose,
}: {
  model: LaptopDetail;
  mine: boolean;
  onChoose: () => void;
}) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-4">
      <div className="flex flex-col gap-1">
        <nav aria-label="Breadcrumb" className="text-sm">
          <ol className="flex flex-wrap items-center gap-2">
            <li>
              <Link to={LAPTOPS_PAGE} className="link">
                Laptops
              </Link>
            </li>
            <li aria-hidden="true">›</li>
            <li>
              <Link to={finderHref({ q: '', brand: model.brand, page: 1 })} className="link">
                {model.brand}
              </Link>
            </li>
          </ol>
        </nav>
        <h1 className="text-3xl font-bold">{laptopPageTitle(model.name)}</h1>
        {modelDetails(model) ? <p className="opacity-80">{modelDetails(model)}</p> : null}
      </div>
      <div role="status">
        {mine ? (
          <FitBadge large>This is your laptop</FitBadge>
        ) : (
          <button type="button" className="btn btn-primary" onClick={onChoose}>
            This is my laptop
          </button>
        )}
      </div>
    </div>
  );
}
