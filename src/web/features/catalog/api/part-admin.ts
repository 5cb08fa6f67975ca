import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Part as WirePart } from '#shared/contracts/part.ts';
import type { PartInput } from '#shared/contracts/part-input.ts';
import { apiFetch } from '#web/lib/api-client.ts';
import { toPart } from '#web/lib/part.ts';
import { partsQueryKey } from '#web/lib/query-keys.ts';

// What is sent needs no renaming: the create shape already says `minimum` and `available`
// (contracts/part-input.ts); the part answered is renamed as every part read is.
export const createPart = async (input: PartInput) =>
  toPart(await apiFetch<WirePart>('/api/part', { method: 'POST', body: input }));
export const updatePart = async ({ id, input }: { id: string; input: PartInput }) =>
  toPart(await apiFetch<WirePart>(`/api/part/${encodeURIComponent(id)}`, { method: 'PUT', body: input }));
export const deletePart = (id: string) =>
  apiFetch<{ deleted: boolean; hidden: boolean }>(`/api/part/${encodeURIComponent(id)}`, {
    method: 'DELETE',
  });

/** Every change refreshes the catalogue everywhere it is shown. */
function usePartMutation<A, R>(action: (argument: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: action,
    onSettled: () => queryClient.invalidateQueries({ queryKey: partsQueryKey }),
  });
}

export const useCreatePart = () => usePartMutation(createPart);
export const useUpdatePart = () => usePartMutation(updatePart);
export const useDeletePart = () => usePartMutation(deletePart);
