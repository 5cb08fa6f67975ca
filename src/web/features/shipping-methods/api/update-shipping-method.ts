import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ShippingMethod, ShippingMethodPatch } from '#shared/contracts/shipping-method.ts';
import { apiFetch } from '#web/lib/api-client.ts';
import { shippingMethodsQueryKey } from '#web/lib/query-keys.ts';

/** Admins: changes the fields sent of a shipping method. */
export const updateShippingMethod = ({ id, change }: { id: string; change: ShippingMethodPatch }) =>
  apiFetch<ShippingMethod>(`/api/shipping-methods/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: change,
  });

export function useUpdateShippingMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateShippingMethod,
    onSettled: () => queryClient.invalidateQueries({ queryKey: shippingMethodsQueryKey }),
  });
}
