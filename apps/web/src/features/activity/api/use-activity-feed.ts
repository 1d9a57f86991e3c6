import { useQueryClient } from '@tanstack/react-query';
import { useSubscription } from '@trpc/tanstack-react-query';
import type { ActivityEntry, ActivityListInput } from '@waybill/contracts';
import { useCallback, useEffect, useState } from 'react';
import { useRetryAfterOutage } from '../../../hooks/use-retry-after-outage.js';
import { errorMessage } from '../../../lib/errors.js';
import { useTRPC } from '../../../lib/trpc.js';

export type ActivityFilter = Omit<ActivityListInput, 'cursor'>;

/** Newest first, without the same entry twice (a page read and a push may both carry it). */
function merge(older: readonly ActivityEntry[], newer: readonly ActivityEntry[]): ActivityEntry[] {
  const byId = new Map<string, ActivityEntry>();
  for (const entry of [...newer, ...older]) if (!byId.has(entry.id)) byId.set(entry.id, entry);
  return [...byId.values()].sort((a, b) => (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
}

/**
 * The filtered activity: the newest page and every new entry as it is recorded (`activity.live`),
 * older pages on demand (`activity.list` with the cursor). A new filter starts over.
 */
export function useActivityFeed(filter: ActivityFilter) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [entries, setEntries] = useState<ActivityEntry[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const [loaded, setLoaded] = useState(false);
  const [loadingMore, setLoadingMore] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const key = JSON.stringify(filter);

  // A new filter (its key) starts the feed over.
  useEffect(() => {
    setEntries([]);
    setCursor(null);
    setLoaded(false);
    setError(null);
  }, [key]);

  const live = useSubscription(
    trpc.activity.live.subscriptionOptions(filter, {
      onData: ({ data }) => {
        if (data.kind === 'snapshot') {
          setEntries(data.entries);
          setCursor(data.nextCursor);
          setLoaded(true);
        } else setEntries((current) => merge(current, data.entries));
        setError(null);
      },
      onError: (failure) => setError(errorMessage(failure, 'The activity could not be loaded.')),
    }),
  );
  useRetryAfterOutage(live);

  const loadMore = useCallback(async () => {
    if (!cursor) return;
    setLoadingMore(true);
    try {
      const page = await queryClient.fetchQuery(trpc.activity.list.queryOptions({ ...filter, cursor }));
      setEntries((current) => merge(page.entries, current));
      setCursor(page.nextCursor);
    } catch (failure) {
      setError(errorMessage(failure, 'More activity could not be loaded.'));
    } finally {
      setLoadingMore(false);
    }
  }, [cursor, filter, queryClient, trpc]);

  return { entries, loaded, error, hasMore: cursor !== null, loadingMore, loadMore };
}
