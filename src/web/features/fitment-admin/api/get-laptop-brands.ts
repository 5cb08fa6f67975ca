import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { laptopsQueryKey } from './get-laptops';

export interface LaptopBrand {
  brand: string;
  count: number;
}

/** The brands of the models, by name, with how many models each has. */
export const getLaptopBrands = (signal?: AbortSignal) =>
  apiFetch<LaptopBrand[]>('/api/laptops/brands', { signal });

export const laptopBrandsQueryOptions = () =>
  queryOptions({
    queryKey: [...laptopsQueryKey, 'brands'],
    queryFn: ({ signal }) => getLaptopBrands(signal),
  });

export const useLaptopBrands = () => useQuery(laptopBrandsQueryOptions());
