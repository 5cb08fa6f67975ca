import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CartQuery, Cart as WireCart } from '#shared/contracts/cart.ts';
import { apiFetch } from '#web/lib/api-client.ts';
import { cartQueryKey } from '#web/lib/query-keys.ts';
import { type Cart, toCart } from './cart';

/** Only what is known goes in the address: shipping and tax are priced once a country (and method) is. */
const searchOf = (where: CartQuery) => {
  const known = Object.entries(where).filter((entry): entry is [string, string] => Boolean(entry[1]));
  return known.length ? `?${new URLSearchParams(known)}` : '';
};

export const getCart = async (where: CartQuery = {}, signal?: AbortSignal) =>
  toCart(await apiFetch<WireCart>(`/api/cart${searchOf(where)}`, { signal }));

/** The cart at today's prices and stock: asked again whenever a page showing it opens. */
export const cartQueryOptions = (where: CartQuery = {}) =>
  queryOptions({
    queryKey: searchOf(where) ? [...cartQueryKey, where] : cartQueryKey,
    queryFn: ({ signal }) => getCart(where, signal),
    staleTime: 0,
  });

/** The cart; with `where` (the checkout's country, region and method), with its shipping and tax. */
export const useCart = (where: CartQuery = {}) =>
  useQuery({ ...cartQueryOptions(where), placeholderData: (previous) => previous });

/**
 * Units in the cart, for the navbar: only asked for when `enabled` (a signed-in customer), and kept
 * for a while, since every change made here answers the new cart anyway.
 */
export const useCartCount = (enabled: boolean): number | undefined =>
  useQuery({ ...cartQueryOptions(), staleTime: 60_000, enabled, select: (cart: Cart) => cart.count }).data;
