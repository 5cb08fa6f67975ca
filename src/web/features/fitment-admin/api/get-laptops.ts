import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Laptop } from '../../../../shared/contracts/laptop';
import { type LaptopsQuery, laptopListPath } from '../../../../shared/laptop-finder';
import { apiFetchPage } from '../../../lib/api-client';

/** Every query about laptop models starts with this key: a change to a model refreshes them all. */
export const laptopsQueryKey = ['laptops'] as const;

/** One page of laptop models (by brand, then name) and how many there are in all. */
export const getLaptops = (query: LaptopsQuery, signal?: AbortSignal) =>
  apiFetchPage<Laptop>(laptopListPath(query), { signal });

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
