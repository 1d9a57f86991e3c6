import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTRPC } from '../../../lib/trpc.js';

/** How often the console re-reads store health (it moves by the day, not the minute). */
export const STORE_HEALTH_REFRESH_MS = 5 * 60_000;

/** Connected stores needing attention (clients.health), by uid for the rows' badges. */
export function useStoreHealth() {
  const trpc = useTRPC();
  const query = useQuery(
    trpc.clients.health.queryOptions(undefined, {
      staleTime: STORE_HEALTH_REFRESH_MS,
      refetchInterval: STORE_HEALTH_REFRESH_MS,
      refetchOnWindowFocus: false,
      retry: 1,
    }),
  );
  const stores = query.data?.stores;
  const byUid = useMemo(() => new Map((stores ?? []).map((s) => [s.uid, s])), [stores]);
  // A failed re-read keeps the last answer; only a check that never answered counts as failed.
  return { stores: stores ?? [], byUid, isLoading: query.isPending, isError: query.isError && !query.data };
}
