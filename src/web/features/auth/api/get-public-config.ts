import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicConfig } from '#shared/contracts/session.ts';
import { apiFetch } from '#web/lib/api-client.ts';

export const publicConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['public-config'],
    queryFn: ({ signal }) => apiFetch<PublicConfig>('/api/public-config', { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const usePublicConfig = () => useQuery(publicConfigQueryOptions());
