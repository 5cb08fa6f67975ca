import { queryOptions, useQuery } from '@tanstack/react-query';
import { fittingPartsPath } from '#shared/laptop-finder.ts';
import { apiFetch } from '#web/lib/api-client.ts';
import { laptopsQueryKey } from '#web/lib/query-keys.ts';

/** Of these parts (at most 100), the ids of those listed as fitting the model. */
export const getFittingParts = (slug: string, partIds: readonly string[], signal?: AbortSignal) =>
  apiFetch<string[]>(fittingPartsPath(slug, partIds), { signal });

export const fittingPartsQueryOptions = (slug: string, partIds: readonly string[]) =>
  queryOptions({
    queryKey: [...laptopsQueryKey, 'fitting', slug, partIds],
    queryFn: ({ signal }) => getFittingParts(slug, partIds, signal),
  });

/**
 * Whether each part on screen is listed for the shopper's laptop, with one request per page of cards:
 * true or false once known, undefined while unknown (no laptop, loading, failed). `allFit`: the page
 * lists only parts that fit it (its fits filter), so nothing needs asking.
 */
export function useFitsOnPage(
  slug: string | undefined,
  partIds: readonly string[],
  { allFit = false } = {},
): (partId: string) => boolean | undefined {
  const fitting = useQuery({
    ...fittingPartsQueryOptions(slug ?? '', partIds),
    enabled: slug !== undefined && !allFit && partIds.length > 0,
  });
  if (slug === undefined) return () => undefined;
  if (allFit) return () => true;
  const ids = fitting.data;
  return (partId) => (ids ? ids.includes(partId) : undefined);
}
