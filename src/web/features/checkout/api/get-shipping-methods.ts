import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ShippingMethod } from '#shared/contracts/shipping-method.ts';
import { apiFetch } from '#web/lib/api-client.ts';
import { shippingMethodsQueryKey } from '#web/lib/query-keys.ts';

export const getShippingMethods = (country: string, signal?: AbortSignal) =>
  apiFetch<ShippingMethod[]>(`/api/shipping-methods?country=${encodeURIComponent(country)}`, { signal });

export const shippingMethodsQueryOptions = (country: string) =>
  queryOptions({
    queryKey: [...shippingMethodsQueryKey, country],
    queryFn: ({ signal }) => getShippingMethods(country, signal),
    enabled: country !== '',
  });

/** The methods that ship to `country`, priced for the buyer's cart (nothing asked until one is chosen). */
export const useShippingMethods = (country: string) => useQuery(shippingMethodsQueryOptions(country));
