import { QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';
import { toastError } from './toast';

/**
 * Spec §9: 5-minute cache, 3 retries with backoff capped at 30 s for queries,
 * no retries for mutations. Spec §4: a failed load shows an error toast.
 */
export function createQueryClient() {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (query.meta?.silent) return;
        toastError(error.message || 'Something went wrong while loading.');
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 5 * 60 * 1000,
        gcTime: 5 * 60 * 1000,
        retry: (failureCount, error) => {
          // A 4xx will not get better by asking again.
          if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
          return failureCount < 3;
        },
        retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 30_000),
        refetchOnWindowFocus: false,
      },
      mutations: { retry: 0 },
    },
  });
}
