import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api-client.ts';
import { laptopsQueryKey, partsQueryKey } from '#web/lib/query-keys.ts';

/** Admins: removes a model and every fit to it; answers how many fits went with it. */
export const deleteLaptop = (slug: string) =>
  apiFetch<{ deleted: true; fits: number }>(`/api/laptops/${encodeURIComponent(slug)}`, {
    method: 'DELETE',
  });

/** Its fits leave the parts' pages too: the catalogue is refreshed with the models. */
export function useDeleteLaptop() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteLaptop,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: laptopsQueryKey }),
        queryClient.invalidateQueries({ queryKey: partsQueryKey }),
      ]),
  });
}
