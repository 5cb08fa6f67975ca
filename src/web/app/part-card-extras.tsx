import type { PartsQuery } from '#shared/browse.ts';
import { AddToCartButton } from '#web/features/cart/components/add-to-cart-button.tsx';
import { useParts } from '#web/features/catalog/api/get-parts.ts';
import type { CardExtras } from '#web/features/catalog/components/parts-browser.tsx';
import { useFitsOnPage } from '#web/features/laptops/api/get-fitting-parts.ts';
import { FitBadge } from '#web/features/laptops/components/fit-notice.tsx';
import { useFitGuard } from '#web/features/laptops/components/use-fit-guard.tsx';
import { useMyLaptop } from '#web/features/profile/my-laptop.ts';
import type { Part } from '#web/lib/part.ts';
import { useShopper } from '#web/lib/session.ts';

/**
 * What the pages that browse parts (/parts, a laptop model's page) add to each card: Add to cart for
 * those who buy, "Fits your laptop" for the parts listed for the shopper's laptop (one request for the
 * page of cards; none when the page lists only that laptop's parts), and the question before adding or
 * buying a part that is not. `query` is the page's own parts query: the same answer, from the cache.
 * `dialog` must be drawn on the page.
 */
export function usePartCardExtras(query: PartsQuery) {
  const shopper = useShopper();
  const laptop = useMyLaptop();
  const parts = useParts(query, { keepPrevious: true });
  const listed = useFitsOnPage(laptop?.slug, parts.data?.data.map((part) => part._id) ?? [], {
    allFit: laptop !== null && query.fits === laptop.slug,
  });
  const { guard, dialog } = useFitGuard(laptop);
  const card = (part: Part): CardExtras => {
    const fits = listed(part._id);
    const { confirm, onPurchase } = guard(part._id, fits);
    return {
      note: fits ? <FitBadge>Fits your laptop</FitBadge> : undefined,
      onPurchase,
      buys: shopper.buys,
      action: shopper.buys ? (
        <AddToCartButton part={part} laptop={laptop?.slug} confirm={confirm} />
      ) : undefined,
    };
  };
  return { card, dialog };
}
