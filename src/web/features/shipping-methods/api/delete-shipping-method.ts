import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api-client.ts';
import { shippingMethodsQueryKey } from '#web/lib/query-keys.ts';

/** Admins: removes a shipping method (orders that used it keep its name). */
export const deleteShippingMethod = (id: string) =>
  apiFetch<void>(`/api/shipping-methods/${encodeURIComponent(id)}`, { method: 'DELETE' });

export function useDeleteShippingMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteShippingMethod,
    onSettled: () => queryClient.invalidateQueries({ queryKey: shippingMethodsQueryKey }),
  });
}
