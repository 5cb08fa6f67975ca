import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LaptopDetail } from '#shared/contracts/laptop.ts';
import { laptopPath } from '#shared/laptop-finder.ts';
import { apiFetch } from '../api-client';
import { laptopsQueryKey } from '../query-keys';

/** One model, with the categories of the parts that fit it. */
export const getLaptop = (slug: string, signal?: AbortSignal) =>
  apiFetch<LaptopDetail>(laptopPath(slug), { signal });

export const laptopQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: [...laptopsQueryKey, 'one', slug],
    queryFn: ({ signal }) => getLaptop(slug, signal),
  });

/** One model; nothing asked while `slug` is empty. */
export const useLaptop = (slug: string) => useQuery({ ...laptopQueryOptions(slug), enabled: slug !== '' });
