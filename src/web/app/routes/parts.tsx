import { useSearchParams } from 'react-router';
import { browseQuery, browseSearchParams, changeBrowse, readBrowseState } from '../../../shared/browse';
import { useShopper } from '../../features/auth/api/get-session';
import { AddToCartButton } from '../../features/cart/components/add-to-cart-button';
import { useParts } from '../../features/catalog/api/get-parts';
import { PartsBrowser } from '../../features/catalog/components/parts-browser';
import { useFitsOnPage } from '../../features/laptops/api/get-fitting-parts';
import { useLaptop } from '../../features/laptops/api/get-laptop';
import { FitBadge } from '../../features/laptops/components/fit-notice';
import { LaptopPicker } from '../../features/laptops/components/laptop-picker';
import { useFitGuard } from '../../features/laptops/components/use-fit-guard';
import { useChooseMyLaptop, useMyLaptop } from '../../features/profile/my-laptop';
import { useDocumentTitle } from '../../lib/use-document-title';

/**
 * /parts: the whole catalogue, searched, filtered, sorted and paged; the state lives in the URL. With
 * the shopper's laptop chosen, the parts can be kept to those that fit it, and cards say which fit;
 * without one, a picker offers to choose it.
 */
export function PartsRoute() {
  const [params, setParams] = useSearchParams();
  const state = readBrowseState(params);
  const shopper = useShopper();
  const laptop = useMyLaptop();
  const chooseLaptop = useChooseMyLaptop(shopper.signedIn);
  // The page of parts the browser shows (the same query, so the same answer from the cache).
  const parts = useParts(browseQuery(state), { keepPrevious: true });
  const listed = useFitsOnPage(laptop?.slug, parts.data?.data.map((part) => part._id) ?? [], {
    allFit: laptop !== null && state.fits === laptop.slug,
  });
  const { guard, dialog } = useFitGuard(laptop);
  // A shared link may keep another laptop's parts: the box names that one, and unticks to all parts.
  const otherLaptop = state.fits !== '' && state.fits !== laptop?.slug ? state.fits : '';
  const other = useLaptop(otherLaptop);
  const fitsFilter = otherLaptop
    ? { slug: otherLaptop, label: `Only parts that fit the ${other.data?.name ?? otherLaptop}` }
    : laptop
      ? { slug: laptop.slug, label: `Only parts that fit my ${laptop.name}` }
      : undefined;
  useDocumentTitle(state.q ? `Results for “${state.q}”` : 'All parts');
  return (
    <main id="main" className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-10">
      <h1 className="text-3xl font-bold">All parts</h1>
      {laptop ? null : (
        <LaptopPicker
          onChoose={(model) => {
            void chooseLaptop({ slug: model.slug, name: model.name });
            setParams(browseSearchParams(changeBrowse(state, { fits: model.slug })));
          }}
        />
      )}
      <PartsBrowser
        state={state}
        onChange={(next) => setParams(browseSearchParams(next))}
        fitsFilter={fitsFilter}
        card={(part) => {
          const fits = listed(part._id);
          const { confirm, onPurchase } = guard(part._id, fits);
          return {
            note: fits ? <FitBadge>Fits your laptop</FitBadge> : undefined,
            onPurchase,
            action: shopper.buys ? (
              <AddToCartButton
                part={part}
                signedIn={shopper.signedIn}
                laptop={laptop?.slug}
                confirm={confirm}
              />
            ) : undefined,
          };
        }}
      />
      {dialog}
    </main>
  );
}
