import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type PartsQuery, partListPath } from '#shared/browse.ts';
import { PARTIAL_MATCH_HEADER } from '#shared/catalogue.ts';
import type { Part as WirePart } from '#shared/contracts/part.ts';
import {
  apiFetchPageWithHeaders,
  type Page,
  type PageWithHeaders,
  pageAnswerPageOf,
} from '#web/lib/api-client.ts';
import { type Part, toPart } from '#web/lib/part.ts';
import { partsQueryKey } from '#web/lib/query-keys.ts';

/**
 * One page of parts and the total of all pages; `partial` when no part had every word searched for and
 * these are the parts with the most of them (the server's X-Search-Partial).
 */
export interface PartsPage extends Page<Part> {
  partial: boolean;
}

/** A page of parts in the web app's names (lib/part.ts): fetched, or the answer the page came with. */
const partsPageOf = ({ data, total, headers }: PageWithHeaders<WirePart>): PartsPage => ({
  data: data.map(toPart),
  total,
  partial: headers.get(PARTIAL_MATCH_HEADER) === 'true',
});

export const getParts = async (query: PartsQuery, signal?: AbortSignal): Promise<PartsPage> =>
  partsPageOf(await apiFetchPageWithHeaders<WirePart>(partListPath(query), { signal }));

/** Starts from the page's own answer when it came with one (a page the server drew: its first draw). */
export const partsQueryOptions = (query: PartsQuery = {}) =>
  queryOptions({
    queryKey: [...partsQueryKey, 'list', query],
    queryFn: ({ signal }) => getParts(query, signal),
    initialData: () => {
      const answered = pageAnswerPageOf<WirePart>(partListPath(query));
      return answered && partsPageOf(answered);
    },
  });

/**
 * A page of parts. With `keepPrevious`, the page on screen stays while the next one loads (paging,
 * filtering), instead of blanking the list for every change.
 */
export const useParts = (query: PartsQuery = {}, { keepPrevious = false } = {}) =>
  useQuery({ ...partsQueryOptions(query), placeholderData: keepPrevious ? keepPreviousData : undefined });
