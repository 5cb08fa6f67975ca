import { lazy, Suspense, useEffect } from 'react';
import { Later } from '../../components/ui/later';
import { Spinner } from '../../components/ui/spinner';
import { useSession, useShopper } from '../../features/auth/api/get-session';
import { PartGrid } from '../../features/catalog/components/part-grid';
import { Article } from '../../features/marketing/components/article';
import { Banner } from '../../features/marketing/components/banner';
import { Stats } from '../../features/marketing/components/stats';
import { ReviewList } from '../../features/reviews/components/review-list';

// The only home section that needs the form libraries: its code comes as a chunk of its own, asked for
// as the page is drawn, so it is in place (reachable with Tab, found by find-in-page) without weighing
// on the first load.
const FeedbackForm = lazy(async () => ({
  default: (await import('../../features/feedback/components/feedback-form')).FeedbackForm,
}));

// The cards' Add to cart comes as a chunk of its own, asked for as the page opens (with the parts):
// imported here directly, the bundler splits the first load into more, larger chunks (~1.5 KB more).
const loadAddToCart = () => import('../../features/cart/components/add-to-cart-button');
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
        cardAction={
          shopper.buys
            ? (part) => (
                <Suspense fallback={buttonPlace}>
                  <AddToCartButton part={part} signedIn={shopper.signedIn} />
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
      <Later placeholderClassName="min-h-[560px]">
        <Suspense
          fallback={
            <section className="mx-auto min-h-[560px] max-w-3xl px-4 py-12">
              <Spinner label="Loading the feedback form…" />
            </section>
          }
        >
          <FeedbackForm />
        </Suspense>
      </Later>
    </main>
  );
}
