import { useState } from 'react';
import type { ForLaptop } from '#shared/contracts/laptop.ts';
import { PART_REVIEWS_PAGE_SIZE, type PartReview } from '#shared/contracts/part-review.ts';
import { Pager } from '#web/components/ui/pager.tsx';
import { QueryView } from '#web/components/ui/query-view.tsx';
import { RatingSummary } from '#web/components/ui/rating-summary.tsx';
import { Stars } from '#web/components/ui/stars.tsx';
import { errorMessage } from '#web/lib/error-message.ts';
import { formatDay } from '#web/lib/format-date.ts';
import { notify } from '#web/lib/notify.tsx';
import type { PartDetail } from '#web/lib/part.ts';
import { useSession } from '#web/lib/session.ts';
import { useMyPartReview, usePartReviews, useSetReviewHidden } from '../api/part-reviews';
import { ReviewForm } from './review-form';

/**
 * A part's page: its buyers' reviews (the newest first, ten a page), the form for a customer who
 * received it, and Hide / Restore for admins (who also see the hidden ones, marked). The shopper's
 * laptop ("My laptop", kept by the profile feature) is handed in by the page that composes them.
 */
export function PartReviews({ part, myLaptop }: { part: PartDetail; myLaptop: ForLaptop }) {
  const user = useSession().data?.user;
  const [page, setPage] = useState(1);
  const reviews = usePartReviews(part._id, page);
  const isAdmin = user?.role === 'admin';
  return (
    <section aria-labelledby="part-reviews-heading" className="card bg-base-100 shadow">
      <div className="card-body gap-4">
        <h2 id="part-reviews-heading" className="card-title">
          Reviews
        </h2>
        <RatingSummary rating={part.rating} />
        {user?.role === 'customer' ? <YourReview part={part} myLaptop={myLaptop} /> : null}
        <QueryView
          query={reviews}
          loadingLabel="Loading the reviews…"
          errorTitle="The reviews could not be loaded."
          isEmpty={(found) => found.total === 0}
          empty={<p className="opacity-80">Customers who received this part can review it here.</p>}
        >
          {(found) => (
            <>
              <ul className="flex flex-col gap-4">
                {found.data.map((review) => (
                  <ReviewItem key={review._id} review={review} isAdmin={isAdmin} />
                ))}
              </ul>
              <Pager page={page} pages={Math.ceil(found.total / PART_REVIEWS_PAGE_SIZE)} onPage={setPage} />
            </>
          )}
        </QueryView>
      </div>
    </section>
  );
}

function ReviewItem({ review, isAdmin }: { review: PartReview; isAdmin: boolean }) {
  const setHidden = useSetReviewHidden(review.partId);
  const action = review.hidden ? 'Restore' : 'Hide';
  return (
    <li className="flex flex-col gap-1 border-b border-base-300 pb-4">
      <p className="flex flex-wrap items-center gap-2">
        <Stars rating={review.rating} />
        <span className="badge badge-success badge-outline">Verified buyer</span>
        {review.hidden ? <span className="badge badge-warning">Hidden</span> : null}
      </p>
      {review.laptop ? <p className="text-sm font-medium">{`Fitted my ${review.laptop.name}`}</p> : null}
      <p className="whitespace-pre-line">{review.text}</p>
      <p className="text-sm opacity-80">{`${review.author} · ${formatDay(review.createdAt)}`}</p>
      {isAdmin ? (
        <button
          type="button"
          className="btn btn-xs btn-outline self-start"
          disabled={setHidden.isPending}
          aria-label={`${action} the review by ${review.author}`}
          onClick={() =>
            setHidden.mutate(
              { reviewId: review._id, hidden: !review.hidden },
              {
                onSuccess: () =>
                  notify.success(review.hidden ? 'The review is shown again.' : 'The review is hidden.'),
                onError: (error) => notify.error(errorMessage(error)),
              },
            )
          }
        >
          {action}
        </button>
      ) : null}
    </li>
  );
}

/** The customer's own review: the form when they received the part, else why they cannot write one. */
function YourReview({ part, myLaptop }: { part: PartDetail; myLaptop: ForLaptop }) {
  const mine = useMyPartReview(part._id, true);
  if (!mine.data) return null;
  const { canReview, review, orderedFor } = mine.data;
  if (!canReview)
    return <p className="text-sm opacity-80">Once this part has reached you, you can review it here.</p>;
  // The laptop it went into, most likely first: the order line's, then the shopper's, then its fits.
  const laptops = [orderedFor, myLaptop, review?.laptop ?? null, ...part.fits].filter(
    (laptop, index, all): laptop is NonNullable<ForLaptop> =>
      laptop !== null && all.findIndex((other) => other?.slug === laptop.slug) === index,
  );
  return (
    <div className="flex flex-col gap-2 rounded-box bg-base-200 p-4">
      <h3 className="font-semibold">{review ? 'Your review' : 'Review this part'}</h3>
      {review?.hidden ? (
        <p className="text-sm">The shop has hidden your review; you can still change it.</p>
      ) : null}
      <ReviewForm
        key={review?._id ?? 'new'}
        partId={part._id}
        review={review}
        laptops={laptops.map(({ slug, name }) => ({ slug, name }))}
        defaultLaptop={(review ? review.laptop?.slug : orderedFor?.slug) ?? ''}
      />
    </div>
  );
}
