import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TaxRate, TaxRateInput } from '#shared/contracts/tax-rate.ts';
import { apiFetch } from '#web/lib/api-client.ts';
import { taxRatesQueryKey } from './get-tax-rates';

/** Admins: sets the rate of a country or region, replacing the one it had. */
export const setTaxRate = (input: TaxRateInput) =>
  apiFetch<TaxRate>('/api/tax-rates', { method: 'POST', body: input });

export function useSetTaxRate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setTaxRate,
    onSettled: () => queryClient.invalidateQueries({ queryKey: taxRatesQueryKey }),
  });
}
