import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Category } from '#shared/contracts/category.ts';
import { apiFetch } from '#web/lib/api-client.ts';
import { partsQueryKey } from '#web/lib/query-keys.ts';

/** Admins: a category's new name; its address (slug) stays, so links and filters keep working. */
export const renameCategory = ({ slug, name }: { slug: string; name: string }) =>
  apiFetch<Category>(`/api/categories/${encodeURIComponent(slug)}`, { method: 'PATCH', body: { name } });

export function useRenameCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renameCategory,
    onSettled: () => queryClient.invalidateQueries({ queryKey: partsQueryKey }),
  });
}
