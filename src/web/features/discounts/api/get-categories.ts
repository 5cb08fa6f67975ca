import { queryOptions, useQuery } from '@tanstack/react-query';
import { CATEGORIES_PATH } from '../../../../shared/browse';
import type { Category } from '../../../../shared/contracts/category';
import { apiFetch } from '../../../lib/api-client';

/** The shop's categories, for the codes' category choices (the catalogue's query: one cache for both). */
export const getCategories = (signal?: AbortSignal) => apiFetch<Category[]>(CATEGORIES_PATH, { signal });

export const categoriesQueryOptions = () =>
  queryOptions({ queryKey: ['parts', 'categories'], queryFn: ({ signal }) => getCategories(signal) });

export const useCategories = () => useQuery(categoriesQueryOptions());
