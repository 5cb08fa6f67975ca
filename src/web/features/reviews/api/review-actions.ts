import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Review, ReviewInput } from '#shared/contracts/review.ts';
import { apiFetch } from '#web/lib/api-client.ts';
import { reviewsQueryKey } from './get-reviews';

export const addReview = (input: ReviewInput) =>
  apiFetch<Review>('/api/review', { method: 'POST', body: input });
export const deleteReview = (id: string) =>
  apiFetch<{ success: true }>(`/api/review/${encodeURIComponent(id)}`, { method: 'DELETE' });

function useReviewMutation<A, R>(action: (argument: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: action,
    onSettled: () => queryClient.invalidateQueries({ queryKey: reviewsQueryKey }),
  });
}

export const useAddReview = () => useReviewMutation(addReview);
export const useDeleteReview = () => useReviewMutation(deleteReview);
