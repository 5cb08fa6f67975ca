import { queryOptions, useQuery } from '@tanstack/react-query';
import { partPath } from '#shared/browse.ts';
import type { PartDetail as WirePartDetail } from '#shared/contracts/part.ts';
import { apiFetch } from '../api-client';
import { toPartDetail } from '../part';
import { partsQueryKey } from '../query-keys';

/** Also the answer the page came with (apiFetch takes it), renamed the same way. */
export const getPart = async (id: string, signal?: AbortSignal) =>
  toPartDetail(await apiFetch<WirePartDetail>(partPath(id), { signal }));

/** One part (with its specs and the laptops it fits), always fresh: its stock is what the buyer decides on. */
export const partQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...partsQueryKey, id],
    queryFn: ({ signal }) => getPart(id, signal),
    staleTime: 0,
  });

export const usePart = (id: string) => useQuery(partQueryOptions(id));
