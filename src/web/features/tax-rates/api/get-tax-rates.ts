import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TaxRate } from '#shared/contracts/tax-rate.ts';
import { apiFetch } from '#web/lib/api-client.ts';

export const taxRatesQueryKey = ['tax-rates'] as const;

/** Admins: every tax rate, by country. */
export const getTaxRates = (signal?: AbortSignal) => apiFetch<TaxRate[]>('/api/tax-rates', { signal });

export const taxRatesQueryOptions = () =>
  queryOptions({ queryKey: taxRatesQueryKey, queryFn: ({ signal }) => getTaxRates(signal) });

export const useTaxRates = () => useQuery(taxRatesQueryOptions());
