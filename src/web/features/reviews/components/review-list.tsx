import { useState } from 'react';
import type { Review } from '#shared/contracts/review.ts';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { QueryView } from '#web/components/ui/query-view.tsx';
import { Stars } from '#web/components/ui/stars.tsx';
import { errorMessage } from '#web/lib/error-message.ts';
import { notify } from '#web/lib/notify.tsx';
import { useReviews } from '../api/get-reviews';
import { useDeleteReview } from '../api/review-actions';

const SHOWN = 6;

/** The home page's customer reviews: newest first, with the average rating; admins can delete them. */
export function ReviewList({ canDelete = false }: { canDelete?: boolean }) {
  const reviews = useReviews();
  const remove = useDeleteReview();
  const [deleting, setDeleting] = useState<Review | null>(null);
  return (
    <section aria-labelledby="reviews-heading" className="bg-base-200 px-4 py-12">
      <div className="mx-auto max-w-7xl">
        <h2 id="reviews-heading" className="mb-2 text-center text-3xl font-bold">
          What our customers say
        </h2>
        <QueryView
          query={reviews}
          loadingLabel="Loading reviews…"
          errorTitle="The reviews could not be loaded."
          isEmpty={(list) => list.length === 0}
          empty={
            <p className="py-6 text-center opacity-80">
              No reviews yet. Be the first to tell others about your order.
            </p>
          }
        >
          {(list) => (
            <>
              <p className="mb-8 text-center">
                Average rating{' '}
                <strong>
                  {(list.reduce((sum, review) => sum + review.rating, 0) / list.length).toFixed(1)}
                </strong>{' '}
                out of 5 from {list.length} {list.length === 1 ? 'review' : 'reviews'}
              </p>
              <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
                {list.slice(0, SHOWN).map((review) => (
                  <li key={review._id} className="card bg-base-100 shadow">
                    <figure className="card-body">
                      <Stars rating={review.rating} />
                      <blockquote className="whitespace-pre-line">{review.review}</blockquote>
                      <figcaption className="mt-2 text-sm">
                        <span className="font-semibold">{review.name}</span>
                        {review.location ? <span className="opacity-80"> · {review.location}</span> : null}
                      </figcaption>
                      {canDelete ? (
                        <button
                          type="button"
                          className="btn btn-xs btn-outline btn-danger self-start"
                          disabled={remove.isPending}
                          aria-label={`Delete the review by ${review.name}`}
                          onClick={() => setDeleting(review)}
                        >
                          Delete
                        </button>
                      ) : null}
                    </figure>
                  </li>
                ))}
              </ul>
            </>
          )}
        </QueryView>
      </div>
      <ConfirmDialog
        subject={deleting}
        title="Delete this review?"
        message={(review) => `The review by ${review.name} will be removed from the shop.`}
        confirmLabel="Delete review"
        pending={remove.isPending}
        onConfirm={(review) =>
          remove.mutate(review._id, {
            onSuccess: () => notify.success('The review was deleted.'),
            onError: (error) => notify.error(errorMessage(error)),
            onSettled: () => setDeleting(null),
          })
        }
        onCancel={() => setDeleting(null)}
      />
    </section>
  );
}
