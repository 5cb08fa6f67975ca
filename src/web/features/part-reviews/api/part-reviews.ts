import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type MyPartReview,
  PART_REVIEWS_PAGE_SIZE,
  type PartReview,
  type PartReviewInput,
} from '#shared/contracts/part-review.ts';
import { apiFetch, apiFetchPage } from '#web/lib/api-client.ts';
import { partsQueryKey } from '#web/lib/query-keys.ts';

const reviewsPath = (partId: string) => `/api/part/${encodeURIComponent(partId)}/reviews`;

/** Every query about a part's reviews starts with this key: a change refreshes them all. */
const reviewsKey = (partId: string) => ['part-reviews', partId] as const;

/** One page of a part's reviews, the newest first; the page on screen stays while the next loads. */
export const usePartReviews = (partId: string, page: number) =>
  useQuery({
    queryKey: [...reviewsKey(partId), 'page', page],
    queryFn: ({ signal }) =>
      apiFetchPage<PartReview>(`${reviewsPath(partId)}?page=${page}&limit=${PART_REVIEWS_PAGE_SIZE}`, {
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** A signed-in customer's own review of the part, and whether they may write one. */
export const useMyPartReview = (partId: string, enabled: boolean) =>
  useQuery({
    queryKey: [...reviewsKey(partId), 'mine'],
    queryFn: ({ signal }) => apiFetch<MyPartReview>(`${reviewsPath(partId)}/mine`, { signal }),
    enabled,
  });

/** After a change: the part's reviews and the part itself (its rating), on its page and in lists. */
function useRefreshAfter(partId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: reviewsKey(partId) }),
      queryClient.invalidateQueries({ queryKey: partsQueryKey }),
    ]);
}

export function useSavePartReview(partId: string) {
  const refresh = useRefreshAfter(partId);
  return useMutation({
    mutationFn: (input: PartReviewInput) =>
      apiFetch<PartReview>(reviewsPath(partId), { method: 'POST', body: input }),
    onSettled: refresh,
  });
}

/** Admins: hide a review (out of the list and the rating) or restore it. */
export function useSetReviewHidden(partId: string) {
  const refresh = useRefreshAfter(partId);
  return useMutation({
    mutationFn: ({ reviewId, hidden }: { reviewId: string; hidden: boolean }) =>
      apiFetch<PartReview>(
        `${reviewsPath(partId)}/${encodeURIComponent(reviewId)}/${hidden ? 'hide' : 'restore'}`,
        { method: 'POST' },
      ),
    onSettled: refresh,
  });
}
