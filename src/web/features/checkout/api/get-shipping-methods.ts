import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/** A way an order can travel to a country, priced for the buyer's cart (0 once it ships free). */
export interface ShippingOffer {
  id: string;
  name: string;
  priceCents: number;
  days: string;
}

export const getShippingMethods = (country: string, signal?: AbortSignal) =>
  apiFetch<ShippingOffer[]>(`/api/shipping-methods?country=${encodeURIComponent(country)}`, { signal });

export const shippingMethodsQueryOptions = (country: string) =>
  queryOptions({
    queryKey: ['shipping-methods', country],
    queryFn: ({ signal }) => getShippingMethods(country, signal),
    enabled: country !== '',
  });

/** The methods that ship to `country` (nothing asked until one is chosen). */
export const useShippingMethods = (country: string) => useQuery(shippingMethodsQueryOptions(country));
