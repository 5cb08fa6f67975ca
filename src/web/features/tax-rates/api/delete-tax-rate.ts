import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api-client.ts';
import { taxRatesQueryKey } from './get-tax-rates';

/** Admins: removes a tax rate. */
export const deleteTaxRate = (id: string) =>
  apiFetch<void>(`/api/tax-rates/${encodeURIComponent(id)}`, { method: 'DELETE' });

export function useDeleteTaxRate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTaxRate,
    onSettled: () => queryClient.invalidateQueries({ queryKey: taxRatesQueryKey }),
  });
}
