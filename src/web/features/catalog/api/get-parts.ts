import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PartSort } from '../../../../shared/catalogue';
import type { Part } from '../../../../shared/contracts/part';
import { apiFetchPage } from '../../../lib/api-client';

/** What `GET /api/part` can be asked: search, filter, sort and page (server defaults when left out). */
export interface PartsQuery {
  q?: string;
  category?: string;
  sort?: PartSort;
  inStock?: boolean;
  page?: number;
  limit?: number;
}

/** The query string of a parts query, without the values left at their defaults. */
export function partsSearch({ q, category, sort, inStock, page, limit }: PartsQuery): string {
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  if (category) params.set('category', category);
  if (sort) params.set('sort', sort);
  if (inStock) params.set('inStock', 'true');
  if (page && page > 1) params.set('page', String(page));
  if (limit) params.set('limit', String(limit));
  return params.toString();
}

/** One page of parts and the total of all pages. */
export const getParts = (query: PartsQuery, signal?: AbortSignal) => {
  const search = partsSearch(query);
  return apiFetchPage<Part>(search ? `/api/part?${search}` : '/api/part', { signal });
};

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
