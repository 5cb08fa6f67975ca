import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Fit } from '#shared/contracts/laptop.ts';
import { apiFetch } from '#web/lib/api-client.ts';
import { laptopsQueryKey, partsQueryKey } from '#web/lib/query-keys.ts';

export interface FitInput {
  slug: string;
  note?: string | null;
}

/**
 * Admins: the models a part fits, replacing its list (`PUT /api/part/:id/fits`); answers the list kept.
 * 400 naming every unknown model, and then nothing changed.
 */
export const savePartFits = ({ partId, models }: { partId: string; models: FitInput[] }) =>
  apiFetch<Fit[]>(`/api/part/${encodeURIComponent(partId)}/fits`, { method: 'PUT', body: { models } });

/** The part's page and the models' counts of fitting parts change with it. */
export function useSavePartFits() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePartFits,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: partsQueryKey }),
        queryClient.invalidateQueries({ queryKey: laptopsQueryKey }),
      ]),
  });
}
