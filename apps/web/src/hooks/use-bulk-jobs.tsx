import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BulkJob, BulkJobSummary, BulkOrderAction } from '@waybill/contracts';
import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { useTRPC } from '../lib/trpc.js';

/** How often the tray re-reads the user's jobs while one of them runs. */
export const BULK_POLL_MS = 1000;

export interface BulkJobs {
  /** Newest first, without per-order results. */
  jobs: BulkJobSummary[];
  /** Starts a bulk action on the gateway; rejects when it is refused (caps, comment rate). */
  start(action: BulkOrderAction, orderUids: string[]): Promise<BulkJob>;
}

const BulkJobsContext = createContext<BulkJobs | null>(null);

/** The signed-in user's bulk jobs, when the provider is mounted (null in a bare screen, as in unit tests). */
export function useBulkJobs(): BulkJobs | null {
  return useContext(BulkJobsContext);
}

/**
 * The user's bulk actions across screens, reloads and tabs: the gateway runs them and lists them
 * (orders.bulkJobs); the list is re-read every second while one runs, and not at all otherwise.
 */
export function BulkJobsProvider({ children }: { children: ReactNode }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const listed = useQuery(
    trpc.orders.bulkJobs.queryOptions(undefined, {
      staleTime: Number.POSITIVE_INFINITY,
      refetchOnWindowFocus: false,
      retry: 1,
      refetchInterval: (query) =>
        query.state.data?.jobs.some((j) => j.state === 'running') ? BULK_POLL_MS : false,
    }),
  );
  // A job started here is in the list read next (which then polls while it runs).
  const { mutateAsync } = useMutation(
    trpc.orders.bulkStart.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries(trpc.orders.bulkJobs.pathFilter()),
    }),
  );
  const value = useMemo<BulkJobs>(
    () => ({
      jobs: listed.data?.jobs ?? [],
      start: (action, orderUids) => mutateAsync({ action, orderUids }),
    }),
    [listed.data, mutateAsync],
  );
  return <BulkJobsContext.Provider value={value}>{children}</BulkJobsContext.Provider>;
}
