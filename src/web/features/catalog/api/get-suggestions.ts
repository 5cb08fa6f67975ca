import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Suggestions } from '#shared/contracts/suggestions.ts';
import { apiFetch } from '#web/lib/api-client.ts';

/** What the header's search box offers for `q`: parts, categories and laptop models. */
export const getSuggestions = (q: string, signal?: AbortSignal) =>
  apiFetch<Suggestions>(`/api/suggestions?${new URLSearchParams({ q })}`, { signal });

export const suggestionsQueryOptions = (q: string) =>
  queryOptions({
    queryKey: ['suggestions', q.toLowerCase()],
    // The signal is taken: a request whose words were typed past (no longer watched) is cancelled.
    queryFn: ({ signal }) => getSuggestions(q, signal),
    staleTime: 60_000,
    // Suggestions are a help, not an answer: one that fails (a search limit reached) is not asked again.
    retry: false,
  });

/**
 * The suggestions for `q` (nothing asked while it is blank); those of the words before stay on screen
 * while the next ones load.
 */
export const useSuggestions = (q: string) =>
  useQuery({
    ...suggestionsQueryOptions(q),
    enabled: q.trim() !== '',
    placeholderData: keepPreviousData,
  });
