import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Laptop, LaptopInput } from '../../../../shared/contracts/laptop';
import { apiFetch } from '../../../lib/api-client';
import { laptopsQueryKey } from '../../laptops/api/get-laptops';

/** Admins: a new model (its address made from its name); 409 `laptop_exists` when the name is taken. */
export const createLaptop = (input: LaptopInput) =>
  apiFetch<Laptop>('/api/laptops', { method: 'POST', body: input });

export function useCreateLaptop() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createLaptop,
    onSettled: () => queryClient.invalidateQueries({ queryKey: laptopsQueryKey }),
  });
}
