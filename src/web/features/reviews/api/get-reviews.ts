import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Review } from '#shared/contracts/review.ts';
import { apiFetch } from '#web/lib/api-client.ts';

export const reviewsQueryKey = ['reviews'] as const;

export const getReviews = (signal?: AbortSignal) => apiFetch<Review[]>('/api/review', { signal });

export const reviewsQueryOptions = () =>
  queryOptions({ queryKey: reviewsQueryKey, queryFn: ({ signal }) => getReviews(signal) });

export const useReviews = () => useQuery(reviewsQueryOptions());
