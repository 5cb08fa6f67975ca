import { queryOptions, useQuery } from '@tanstack/react-query';
import { CATEGORIES_PATH } from '#shared/browse.ts';
import type { Category } from '#shared/contracts/category.ts';
import { apiFetch, pageAnswerOf } from '../api-client';
import { partsQueryKey } from '../query-keys';

export const getCategories = (signal?: AbortSignal) => apiFetch<Category[]>(CATEGORIES_PATH, { signal });

/** Starts from the page's own answer when it came with one (lib/api-client.ts pageAnswerOf). */
export const categoriesQueryOptions = () =>
  queryOptions({
    queryKey: [...partsQueryKey, 'categories'],
    queryFn: ({ signal }) => getCategories(signal),
    initialData: () => pageAnswerOf<Category[]>(CATEGORIES_PATH),
  });

/** The categories; not asked for while `enabled` is false (a page that has its own counts). */
export const useCategories = ({ enabled = true } = {}) => useQuery({ ...categoriesQueryOptions(), enabled });
