import { queryOptions, useQuery } from '@tanstack/react-query';
import { partPath } from '#shared/browse.ts';
import type { PartDetail } from '#shared/contracts/part.ts';
import { apiFetch } from '../api-client';
import { partsQueryKey } from '../query-keys';

export const getPart = (id: string, signal?: AbortSignal) => apiFetch<PartDetail>(partPath(id), { signal });

/** One part (with its specs and the laptops it fits), always fresh: its stock is what the buyer decides on. */
export const partQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...partsQueryKey, id],
    queryFn: ({ signal }) => getPart(id, signal),
    staleTime: 0,
  });

export const usePart = (id: string) => useQuery(partQueryOptions(id));
