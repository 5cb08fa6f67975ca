import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api-client.ts';
import { addressesQueryKey } from './get-addresses';

export const deleteAddress = (id: string) =>
  apiFetch<void>(`/api/addresses/${encodeURIComponent(id)}`, { method: 'DELETE' });

export function useDeleteAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAddress,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: addressesQueryKey }),
  });
}
