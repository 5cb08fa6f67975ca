import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Stats } from '#shared/contracts/stats.ts';
import { apiFetch } from '#web/lib/api-client.ts';

/** The owner's overview: sales of the last 30 days, orders by status, best sellers, low stock. */
export const getStats = (signal?: AbortSignal) => apiFetch<Stats>('/api/stats', { signal });

export const statsQueryOptions = () =>
  queryOptions({ queryKey: ['stats'], queryFn: ({ signal }) => getStats(signal) });

export const useStats = () => useQuery(statsQueryOptions());
