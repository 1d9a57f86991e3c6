import { QueryClient } from '@tanstack/react-query';
import { errorCode } from '../lib/errors.js';

const NO_RETRY = new Set(['UNAUTHORIZED', 'FORBIDDEN', 'BAD_REQUEST', 'NOT_FOUND']);

/**
 * No refetch on focus or interval by default: live data comes from subscriptions. The one query that
 * asks again on a timer is the Mine view's read of held orders its list lacks (`use-mine-rows.ts`).
 */
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
