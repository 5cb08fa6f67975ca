import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Part } from '#shared/contracts/part.ts';
import type { PartInput } from '#shared/contracts/part-input.ts';
import { apiFetch } from '#web/lib/api-client.ts';
import { partsQueryKey } from '#web/lib/query-keys.ts';

export const createPart = (input: PartInput) => apiFetch<Part>('/api/part', { method: 'POST', body: input });
export const updatePart = ({ id, input }: { id: string; input: PartInput }) =>
  apiFetch<Part>(`/api/part/${encodeURIComponent(id)}`, { method: 'PUT', body: input });
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
