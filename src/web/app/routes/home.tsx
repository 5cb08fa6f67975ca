import { lazy, Suspense, useEffect } from 'react';
import { Later } from '#web/components/ui/later.tsx';
import { PartGrid } from '#web/features/catalog/components/part-grid.tsx';
import { FeedbackForm } from '#web/features/feedback/components/feedback-form.tsx';
import { Article } from '#web/features/marketing/components/article.tsx';
import { Banner } from '#web/features/marketing/components/banner.tsx';
import { Stats } from '#web/features/marketing/components/stats.tsx';
import { ReviewList } from '#web/features/reviews/components/review-list.tsx';
import { useSession, useShopper } from '#web/lib/session.ts';

// The cards' Add to cart comes as a chunk of its own, asked for as the page opens (with the parts):
// imported here directly, the bundler splits the first load into more, larger chunks (~1.5 KB more).
const loadAddToCart = () => import('#web/features/cart/components/add-to-cart-button.tsx');
const AddToCartButton = lazy(async () => ({ default: (await loadAddToCart()).AddToCartButton }));

/** Holds the button's place until it has loaded, so nothing on the card moves. */
const buttonPlace = (
  <span className="btn btn-outline invisible" aria-hidden="true">
    Add to cart
  </span>
);

export function HomeRoute() {
  const session = useSession();
  const shopper = useShopper();
  useEffect(() => {
    // A failure here is no failure: the buttons ask for their code again when drawn.
    if (shopper.buys) loadAddToCart().catch(() => {});
  }, [shopper.buys]);
  return (
    <main id="main">
      <Banner />
      <PartGrid
        buys={shopper.buys}
        cardAction={
          shopper.buys
            ? (part) => (
                <Suspense fallback={buttonPlace}>
                  <AddToCartButton part={part} />
                </Suspense>
              )
            : undefined
        }
      />
      <Later placeholderClassName="min-h-[420px]">
        <Stats />
      </Later>
      <Later placeholderClassName="min-h-[560px] bg-base-200">
        <ReviewList canDelete={session.data?.user?.role === 'admin'} />
      </Later>
      <Later placeholderClassName="min-h-[480px]">
        <Article />
      </Later>
      {/* Part of the page's own code (only its validation rules load when first needed), so it is in
          place at once: reachable with Tab, found by find-in-page, there even if the network goes. */}
      <Later placeholderClassName="min-h-[560px]">
        <FeedbackForm />
      </Later>
    </main>
  );
}
