import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api-client.ts';
import { partsQueryKey } from '#web/lib/query-keys.ts';

/** Admins: deletes an empty category (409 with the server's reason when it still holds parts). */
export const deleteCategory = (slug: string) =>
  apiFetch<{ deleted: true }>(`/api/categories/${encodeURIComponent(slug)}`, { method: 'DELETE' });

export function useDeleteCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCategory,
    onSettled: () => queryClient.invalidateQueries({ queryKey: partsQueryKey }),
  });
}
