import { queryOptions, useQuery } from '@tanstack/react-query';
import { LAPTOP_BRANDS_PATH } from '#shared/laptop-finder.ts';
import { apiFetch } from '../api-client';
import { laptopsQueryKey } from '../query-keys';

export interface LaptopBrand {
  brand: string;
  count: number;
}

export const getLaptopBrands = (signal?: AbortSignal) =>
  apiFetch<LaptopBrand[]>(LAPTOP_BRANDS_PATH, { signal });

export const laptopBrandsQueryOptions = () =>
  queryOptions({
    queryKey: [...laptopsQueryKey, 'brands'],
    queryFn: ({ signal }) => getLaptopBrands(signal),
  });

export const useLaptopBrands = () => useQuery(laptopBrandsQueryOptions());
