import { queryOptions, useQuery } from '@tanstack/react-query';
import { CATEGORIES_PATH } from '../../../../shared/browse';
import type { Category } from '../../../../shared/contracts/category';
import { apiFetch } from '../../../lib/api-client';

export const getCategories = (signal?: AbortSignal) => apiFetch<Category[]>(CATEGORIES_PATH, { signal });

export const categoriesQueryOptions = () =>
  queryOptions({ queryKey: ['parts', 'categories'], queryFn: ({ signal }) => getCategories(signal) });

/** The categories; not asked for while `enabled` is false (a page that has its own counts). */
export const useCategories = ({ enabled = true } = {}) => useQuery({ ...categoriesQueryOptions(), enabled });
