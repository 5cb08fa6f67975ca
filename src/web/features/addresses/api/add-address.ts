import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { addressInputSchema, SavedAddress } from '#shared/contracts/address.ts';
import { apiFetch } from '#web/lib/api-client.ts';
import { addressesQueryKey } from './get-addresses';

export type AddressInput = z.output<typeof addressInputSchema>;

export const addAddress = (input: AddressInput) =>
  apiFetch<SavedAddress>('/api/addresses', { method: 'POST', body: input });

export function useAddAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addAddress,
    // The new one may have become the default: the list is read again.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: addressesQueryKey }),
  });
}
