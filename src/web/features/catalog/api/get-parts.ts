import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type PartsQuery, partListPath } from '../../../../shared/browse';
import type { Part } from '../../../../shared/contracts/part';
import { apiFetchPage } from '../../../lib/api-client';

/** One page of parts and the total of all pages. */
export const getParts = (query: PartsQuery, signal?: AbortSignal) =>
  apiFetchPage<Part>(partListPath(query), { signal });

export const partsQueryOptions = (query: PartsQuery = {}) =>
  queryOptions({
    queryKey: ['parts', 'list', query],
    queryFn: ({ signal }) => getParts(query, signal),
  });

/**
 * A page of parts. With `keepPrevious`, the page on screen stays while the next one loads (paging,
 * filtering), instead of blanking the list for every change.
 */
export const useParts = (query: PartsQuery = {}, { keepPrevious = false } = {}) =>
  useQuery({ ...partsQueryOptions(query), placeholderData: keepPrevious ? keepPreviousData : undefined });
