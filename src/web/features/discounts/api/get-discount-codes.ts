import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { DiscountCode } from '#shared/contracts/discount-code.ts';
import { apiFetchPage } from '#web/lib/api-client.ts';

/** Every query about discount codes starts with this key: a change refreshes them all. */
export const discountCodesQueryKey = ['discount-codes'] as const;

export interface DiscountCodesPage {
  page: number;
  limit: number;
}

/** Admins: one page of codes, the newest first, and how many there are in all. */
export const getDiscountCodes = ({ page, limit }: DiscountCodesPage, signal?: AbortSignal) =>
  apiFetchPage<DiscountCode>(`/api/discounts?page=${page}&limit=${limit}`, { signal });

export const discountCodesQueryOptions = (query: DiscountCodesPage) =>
  queryOptions({
    queryKey: [...discountCodesQueryKey, 'list', query],
    queryFn: ({ signal }) => getDiscountCodes(query, signal),
  });

/** A page of codes; the page on screen stays while the next one loads. */
export const useDiscountCodes = (query: DiscountCodesPage) =>
  useQuery({ ...discountCodesQueryOptions(query), placeholderData: keepPreviousData });
