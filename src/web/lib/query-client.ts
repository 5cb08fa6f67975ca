import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

const MAX_RETRIES = 3;

/** Data-fetch defaults: 5-minute cache, 3 retries backing off from 1 s up to 30 s. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        gcTime: 5 * 60_000,
        staleTime: 30_000,
        // A 4xx will not change by asking again; network faults and 5xx may.
        retry: (failures, error) =>
          failures < MAX_RETRIES && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
        retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 30_000),
      },
      // A change is sent even when the browser says it is offline: it fails at once with a message
      // instead of waiting, pending and silent, for the connection to come back.
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}
