import { useSearchParams } from 'react-router';
import { browseSearchParams, readBrowseState } from '../../../shared/browse';
import { useShopper } from '../../features/auth/api/get-session';
import { AddToCartButton } from '../../features/cart/components/add-to-cart-button';
import { PartsBrowser } from '../../features/catalog/components/parts-browser';
import { useDocumentTitle } from '../../lib/use-document-title';

/** /parts: the whole catalogue, searched, filtered, sorted and paged; the state lives in the URL. */
export function PartsRoute() {
  const [params, setParams] = useSearchParams();
  const state = readBrowseState(params);
  const shopper = useShopper();
  useDocumentTitle(state.q ? `Results for “${state.q}”` : 'All parts');
  return (
    <main id="main" className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-10">
      <h1 className="text-3xl font-bold">All parts</h1>
      <PartsBrowser
        state={state}
        onChange={(next) => setParams(browseSearchParams(next))}
        card={(part) => ({
          action: shopper.buys ? <AddToCartButton part={part} signedIn={shopper.signedIn} /> : undefined,
        })}
      />
    </main>
  );
}
