import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Category, CategoryInput } from '#shared/contracts/category.ts';
import { apiFetch } from '#web/lib/api-client.ts';
import { partsQueryKey } from '#web/lib/query-keys.ts';

/** Admins: a new category (its address made from the name). */
export const createCategory = (input: CategoryInput) =>
  apiFetch<Category>('/api/categories', { method: 'POST', body: input });

/** Categories are part of the catalogue's queries: every change refreshes them all. */
export function useCreateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCategory,
    onSettled: () => queryClient.invalidateQueries({ queryKey: partsQueryKey }),
  });
}
