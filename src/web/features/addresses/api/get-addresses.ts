import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SavedAddress } from '#shared/contracts/address.ts';
import { apiFetch } from '#web/lib/api-client.ts';

export const addressesQueryKey = ['addresses'] as const;

export const getAddresses = (signal?: AbortSignal) => apiFetch<SavedAddress[]>('/api/addresses', { signal });

export const addressesQueryOptions = () =>
  queryOptions({ queryKey: addressesQueryKey, queryFn: ({ signal }) => getAddresses(signal) });

export const useAddresses = () => useQuery(addressesQueryOptions());
