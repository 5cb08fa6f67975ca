import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Profile } from '#shared/contracts/profile.ts';
import { apiFetch } from '#web/lib/api-client.ts';

export const profileQueryKey = ['profile'] as const;

export const getProfile = (signal?: AbortSignal) => apiFetch<Profile>('/api/profile', { signal });

export const profileQueryOptions = () =>
  queryOptions({ queryKey: profileQueryKey, queryFn: ({ signal }) => getProfile(signal) });

export const useProfile = () => useQuery(profileQueryOptions());
