import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Laptop } from '#shared/contracts/laptop.ts';
import { type LaptopsQuery, laptopListPath } from '#shared/laptop-finder.ts';
import { apiFetchPage } from '../api-client';
import { laptopsQueryKey } from '../query-keys';

/** One page of laptop models (by brand, then name) and the total of all pages. */
export const getLaptops = (query: LaptopsQuery, signal?: AbortSignal) =>
  apiFetchPage<Laptop>(laptopListPath(query), { signal });

export const laptopsQueryOptions = (query: LaptopsQuery) =>
  queryOptions({
    queryKey: [...laptopsQueryKey, 'list', query],
    queryFn: ({ signal }) => getLaptops(query, signal),
  });

/**
 * A page of models; none asked for while `query` is null (nothing searched or chosen yet). The page on
 * screen stays while the next one loads.
 */
export const useLaptops = (query: LaptopsQuery | null) =>
  useQuery({
    ...laptopsQueryOptions(query ?? {}),
    enabled: query !== null,
    placeholderData: keepPreviousData,
  });
