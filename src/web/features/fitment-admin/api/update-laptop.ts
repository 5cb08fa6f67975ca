import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Laptop } from '#shared/contracts/laptop.ts';
import { apiFetch } from '#web/lib/api-client.ts';
import { laptopsQueryKey, partsQueryKey } from '#web/lib/query-keys.ts';

/** What a change may send: any of these (the address, `slug`, stays). */
export type LaptopChanges = Partial<Pick<Laptop, 'brand' | 'series' | 'name' | 'years' | 'aliases'>>;

/** Admins: renames or corrects a model; 409 `laptop_exists` when the new name is taken. */
export const updateLaptop = ({ slug, changes }: { slug: string; changes: LaptopChanges }) =>
  apiFetch<Laptop>(`/api/laptops/${encodeURIComponent(slug)}`, { method: 'PATCH', body: changes });

/** A model's name is shown with the parts that fit it: the catalogue is refreshed too. */
export function useUpdateLaptop() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateLaptop,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: laptopsQueryKey }),
        queryClient.invalidateQueries({ queryKey: partsQueryKey }),
      ]),
  });
}
