import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Part } from '../../../../shared/contracts/part';
import { apiFetch } from '../../../lib/api-client';

export const getParts = (signal?: AbortSignal) => apiFetch<Part[]>('/api/part', { signal });

export const partsQueryOptions = () =>
  queryOptions({ queryKey: ['parts'], queryFn: ({ signal }) => getParts(signal) });

export const useParts = () => useQuery(partsQueryOptions());
