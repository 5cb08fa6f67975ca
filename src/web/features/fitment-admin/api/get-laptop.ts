import { queryOptions } from '@tanstack/react-query';
import type { LaptopDetail } from '../../../../shared/contracts/laptop';
import { laptopPath } from '../../../../shared/laptop-finder';
import { apiFetch } from '../../../lib/api-client';
import { laptopsQueryKey } from './get-laptops';

/** One model, with the categories of the parts on sale that fit it and their counts. */
export const getLaptop = (slug: string, signal?: AbortSignal) =>
  apiFetch<LaptopDetail>(laptopPath(slug), { signal });

/** Always asked afresh: it says how many fits a delete would take with it. */
export const laptopQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: [...laptopsQueryKey, 'detail', slug],
    queryFn: ({ signal }) => getLaptop(slug, signal),
    staleTime: 0,
  });

/** How many parts on sale fit the model: its categories' counts summed. */
export const fittingPartsCount = (laptop: LaptopDetail) =>
  laptop.categories.reduce((sum, category) => sum + category.count, 0);
