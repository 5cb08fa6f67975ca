import { useSearchParams } from 'react-router';
import { browseQuery, browseSearchParams, changeBrowse, readBrowseState } from '#shared/browse.ts';
import { PartsBrowser } from '#web/features/catalog/components/parts-browser.tsx';
import { LaptopPicker } from '#web/features/laptops/components/laptop-picker.tsx';
import { useChooseMyLaptop, useMyLaptop } from '#web/features/profile/my-laptop.ts';
import { useLaptop } from '#web/lib/queries/get-laptop.ts';
import { useShopper } from '#web/lib/session.ts';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import { usePartCardExtras } from '../part-card-extras';

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
  const { card, dialog } = usePartCardExtras(browseQuery(state));
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
        card={card}
      />
      {dialog}
    </main>
  );
}
