import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { addressPatchSchema, SavedAddress } from '#shared/contracts/address.ts';
import { apiFetch } from '#web/lib/api-client.ts';
import { addressesQueryKey } from './get-addresses';

export type AddressChange = z.output<typeof addressPatchSchema>;

export const updateAddress = ({ id, change }: { id: string; change: AddressChange }) =>
  apiFetch<SavedAddress>(`/api/addresses/${encodeURIComponent(id)}`, { method: 'PATCH', body: change });

export function useUpdateAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAddress,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: addressesQueryKey }),
  });
}
