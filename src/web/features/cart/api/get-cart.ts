import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Cart } from '../../../../shared/contracts/cart';
import { apiFetch } from '../../../lib/api-client';

export const cartQueryKey = ['cart'] as const;

export const getCart = (signal?: AbortSignal) => apiFetch<Cart>('/api/cart', { signal });

/** The cart at today's prices and stock: asked again whenever a page showing it opens. */
export const cartQueryOptions = () =>
  queryOptions({ queryKey: cartQueryKey, queryFn: ({ signal }) => getCart(signal), staleTime: 0 });

export const useCart = () => useQuery(cartQueryOptions());

/**
 * Units in the cart, for the navbar: only asked for when `enabled` (a signed-in customer), and kept
 * for a while, since every change made here answers the new cart anyway.
 */
export const useCartCount = (enabled: boolean): number | undefined =>
  useQuery({ ...cartQueryOptions(), staleTime: 60_000, enabled, select: (cart: Cart) => cart.count }).data;
