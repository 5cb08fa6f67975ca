import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type PartsQuery, partFacetsPath } from '#shared/browse.ts';
import type { SpecValue } from '#shared/part-specs.ts';
import { apiFetch, pageAnswerOf } from '#web/lib/api-client.ts';
import { partsQueryKey } from '#web/lib/query-keys.ts';

/** For each spec of the category, its values among the parts found and how many parts have each. */
export type Facets = Record<string, { value: SpecValue; count: number }[]>;

export const getPartFacets = (query: PartsQuery, signal?: AbortSignal) =>
  apiFetch<Facets>(partFacetsPath(query), { signal });

/**
 * Keyed by the address: the order and page of a query do not change its facets. Starts from the page's
 * own answer when it came with one (lib/api-client.ts pageAnswerOf).
 */
export const partFacetsQueryOptions = (query: PartsQuery) =>
  queryOptions({
    queryKey: [...partsQueryKey, 'facets', partFacetsPath(query)],
    queryFn: ({ signal }) => getPartFacets(query, signal),
    initialData: () => pageAnswerOf<Facets>(partFacetsPath(query)),
  });

/** The spec counts for a query; the counts on screen stay while new ones load (a box ticked). */
export const usePartFacets = (query: PartsQuery, { enabled }: { enabled: boolean }) =>
  useQuery({ ...partFacetsQueryOptions(query), enabled, placeholderData: keepPreviousData });
