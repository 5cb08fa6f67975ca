import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Laptop } from '../../../../shared/contracts/laptop';
import { apiFetchPage } from '../../../lib/api-client';

/** Every query about laptop models starts with this key: a change to a model refreshes them all. */
export const laptopsQueryKey = ['laptops'] as const;

export interface LaptopsQuery {
  q?: string;
  brand?: string;
  page?: number;
  limit?: number;
}

/** The API address of a page of models (`GET /api/laptops`), without the values left at their defaults. */
export function laptopsPath({ q, brand, page, limit }: LaptopsQuery): string {
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  if (brand) params.set('brand', brand);
  if (page && page > 1) params.set('page', String(page));
  if (limit) params.set('limit', String(limit));
  const search = params.toString();
  return search ? `/api/laptops?${search}` : '/api/laptops';
}

/** One page of laptop models (by brand, then name) and how many there are in all. */
export const getLaptops = (query: LaptopsQuery, signal?: AbortSignal) =>
  apiFetchPage<Laptop>(laptopsPath(query), { signal });

export const laptopsQueryOptions = (query: LaptopsQuery) =>
  queryOptions({
    queryKey: [...laptopsQueryKey, 'list', query],
    queryFn: ({ signal }) => getLaptops(query, signal),
  });

/**
 * A page of models. The page on screen stays while the next search, brand or page loads. `enabled`
 * false: nothing is asked (a search box still empty).
 */
export const useLaptops = (query: LaptopsQuery, { enabled = true } = {}) =>
  useQuery({ ...laptopsQueryOptions(query), placeholderData: keepPreviousData, enabled });
