import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Laptop, LaptopInput } from '#shared/contracts/laptop.ts';
import { apiFetch } from '#web/lib/api-client.ts';
import { laptopsQueryKey } from '#web/lib/query-keys.ts';

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
