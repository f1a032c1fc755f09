import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

// A 4xx answer will not change on a retry; network errors and 5xx get one more try.
const shouldRetry = (failureCount: number, error: unknown) =>
  failureCount < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500);

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 30_000 },
    },
  });
}
