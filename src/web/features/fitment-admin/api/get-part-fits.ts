import { queryOptions, useQuery } from '@tanstack/react-query';
import { partPath } from '../../../../shared/browse';
import type { PartDetail } from '../../../../shared/contracts/part';
import { apiFetch } from '../../../lib/api-client';

/** A part in full (`GET /api/part/:id`): its name and the laptops it fits, each with its note. */
export const getPartFits = (id: string, signal?: AbortSignal) =>
  apiFetch<PartDetail>(partPath(id), { signal });

/** Under the catalogue's key for one part (['parts', id]): any change to the catalogue refreshes it. */
export const partFitsQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['parts', id], queryFn: ({ signal }) => getPartFits(id, signal), staleTime: 0 });

export const usePartFits = (id: string) => useQuery(partFitsQueryOptions(id));
