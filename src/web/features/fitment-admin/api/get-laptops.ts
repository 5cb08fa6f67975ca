import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { LaptopsQuery } from '#shared/laptop-finder.ts';
import { laptopsQueryOptions } from '#web/lib/queries/get-laptops.ts';

/**
 * A page of models (the laptops feature's query: one cache for both). The page on screen stays while
 * the next search, brand or page loads. `enabled` false: nothing is asked (a search box still empty).
 */
export const useLaptops = (query: LaptopsQuery, { enabled = true } = {}) =>
  useQuery({ ...laptopsQueryOptions(query), placeholderData: keepPreviousData, enabled });
