import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ShippingMethod, ShippingMethodInput } from '#shared/contracts/shipping-method.ts';
import { apiFetch } from '#web/lib/api-client.ts';
import { shippingMethodsQueryKey } from '#web/lib/query-keys.ts';

/** Admins: a new shipping method (409 when another has its name, in any case). */
export const addShippingMethod = (input: ShippingMethodInput) =>
  apiFetch<ShippingMethod>('/api/shipping-methods', { method: 'POST', body: input });

export function useAddShippingMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addShippingMethod,
    onSettled: () => queryClient.invalidateQueries({ queryKey: shippingMethodsQueryKey }),
  });
}
