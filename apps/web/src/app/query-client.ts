import { QueryClient } from '@tanstack/react-query';
import { errorCode } from '../lib/errors.js';

const NO_RETRY = new Set(['UNAUTHORIZED', 'FORBIDDEN', 'BAD_REQUEST', 'NOT_FOUND']);

/** The browser never polls: no refetch on focus or interval; live data comes from subscriptions. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        refetchOnWindowFocus: false,
        refetchOnReconnect: true,
        staleTime: 30_000,
        retry: (failures, error) => !NO_RETRY.has(errorCode(error) ?? '') && failures < 2,
      },
      mutations: { retry: false },
    },
  });
}
