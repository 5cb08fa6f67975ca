import { Link, useParams } from 'react-router';
import { purchasePagePath } from '#shared/pages.ts';
import { QueryError } from '#web/components/ui/query-error.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { AddToCartForm } from '#web/features/cart/components/add-to-cart-form.tsx';
import { PartDetails } from '#web/features/catalog/components/part-details.tsx';
import { PartSpecsTable } from '#web/features/catalog/components/part-specs-table.tsx';
import { CompatibleLaptops } from '#web/features/laptops/components/compatible-laptops.tsx';
import { FitNotice } from '#web/features/laptops/components/fit-notice.tsx';
import { useFitGuard } from '#web/features/laptops/components/use-fit-guard.tsx';
import { PartReviews } from '#web/features/part-reviews/components/part-reviews.tsx';
import { useMyLaptop } from '#web/features/profile/my-laptop.ts';
import { AlertLinkNotice } from '#web/features/stock-alerts/components/alert-link-notice.tsx';
import { NotifyMe } from '#web/features/stock-alerts/components/notify-me.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { useCategories } from '#web/lib/queries/get-categories.ts';
import { usePart } from '#web/lib/queries/get-part.ts';
import { useShopper } from '#web/lib/session.ts';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';

/**
 * /parts/:id: a part's public page (the server sends its head: title, canonical, Open Graph, JSON-LD):
 * the part with its numbers, condition, warranty and rating, whether it fits the shopper's laptop, Add
 * to cart (with a quantity) and Purchase Now (which leads to the guarded purchase page) or, out of
 * stock, "Notify me when it's back", its specs, the laptops it fits and its buyers' reviews. Buying a
 * part not listed for the shopper's laptop asks first. A back-in-stock mail's links open it too.
 */
export function ProductRoute() {
  const { id = '' } = useParams();
  const part = usePart(id);
  const categories = useCategories();
  const shopper = useShopper();
  const laptop = useMyLaptop();
  const { guard, dialog } = useFitGuard(laptop);
  const notFound = part.error instanceof ApiError && part.error.status === 404;
  useDocumentTitle(part.data?.name ?? (notFound ? 'Part not found' : undefined));

  // The category's name comes with the categories (asked for at the same time): wait for both, so the
  // page is drawn once; without them the category shows as its address.
  if (part.isPending || (part.isSuccess && categories.isPending))
    return (
      <main id="main" className="mx-auto max-w-6xl px-4 py-10">
        <Spinner label="Loading the part…" />
      </main>
    );
  if (part.isError)
    return (
      <main id="main" className="mx-auto flex max-w-6xl flex-col items-start gap-3 px-4 py-10">
        {notFound ? (
          <>
            <h1 className="text-2xl font-bold">Part not found</h1>
            <p>This part does not exist or is no longer sold.</p>
            <Link to="/parts" className="btn btn-primary">
              Browse all parts
            </Link>
          </>
        ) : (
          <>
            <h1 className="sr-only">Part</h1>
            <QueryError
              title="The part could not be loaded."
              error={part.error}
              onRetry={() => void part.refetch()}
            />
          </>
        )}
      </main>
    );

  const found = part.data;
  const category = categories.data?.find((candidate) => candidate.slug === found.category) ?? {
    slug: found.category,
    name: found.category,
  };
  const soldOut = found.availableQuantity < found.minimumQuantity;
  const { confirm, onPurchase } = guard(
    found._id,
    laptop ? found.fits.some((fit) => fit.slug === laptop.slug) : undefined,
  );
  return (
    <main id="main" className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-10">
      <nav aria-label="Breadcrumb" className="text-sm">
        <ol className="flex flex-wrap items-center gap-2">
          <li>
            <Link to="/parts" className="link">
              All parts
            </Link>
          </li>
          <li aria-hidden="true">›</li>
          <li>
            <Link to={`/parts?category=${encodeURIComponent(category.slug)}`} className="link">
              {category.name}
            </Link>
          </li>
        </ol>
      </nav>
      <AlertLinkNotice />
      <PartDetails part={found} category={category}>
        {laptop ? <FitNotice laptop={laptop} fits={found.fits} /> : null}
        <div className="card-actions mt-2 flex-col items-start gap-4">
          {soldOut ? (
            <>
              <p className="badge badge-outline">Out of stock</p>
              <NotifyMe partId={found._id} />
            </>
          ) : (
            <>
              {shopper.buys ? (
                <AddToCartForm key={found._id} part={found} laptop={laptop?.slug} confirm={confirm} />
              ) : null}
              {shopper.buys ? (
                <Link to={purchasePagePath(found._id)} className="btn btn-primary" onClick={onPurchase}>
                  Purchase Now
                </Link>
              ) : (
                <p className="text-sm opacity-80">Admins manage the shop and do not buy.</p>
              )}
            </>
          )}
        </div>
      </PartDetails>
      <PartSpecsTable category={found.category} specs={found.specs} />
      <CompatibleLaptops fits={found.fits} />
      <PartReviews part={found} myLaptop={laptop} />
      {dialog}
    </main>
  );
}
