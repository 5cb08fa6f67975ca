import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ShippingMethod } from '#shared/contracts/shipping-method.ts';
import { apiFetch } from '#web/lib/api-client.ts';
import { shippingMethodsQueryKey } from '#web/lib/query-keys.ts';

/** Every shipping method (no country: the dashboard's list). */
export const getShippingMethods = (signal?: AbortSignal) =>
  apiFetch<ShippingMethod[]>('/api/shipping-methods', { signal });

export const shippingMethodsQueryOptions = () =>
  queryOptions({ queryKey: shippingMethodsQueryKey, queryFn: ({ signal }) => getShippingMethods(signal) });

export const useShippingMethods = () => useQuery(shippingMethodsQueryOptions());
