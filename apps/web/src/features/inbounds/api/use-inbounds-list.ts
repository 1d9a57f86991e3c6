import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  applyListMessage,
  type Inbound,
  type InboundsFilter,
  type InboundsSearchResponse,
  type ListMessage,
  type ListState,
  PAGE_SIZE,
  refreshWindow,
} from '@waybill/contracts';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { trpc } from '../../../lib/trpc.js';

/** Everything of a search answer except the rows, plus whether more rows exist. */
export type InboundsMeta = Pick<
  InboundsSearchResponse,
  | 'document_count'
  | 'fulfillment_centers_statistics'
  | 'organizations_statistics'
  | 'assigned_users_statistics'
  | 'statuses_statistics'
  | 'number_of_lates_statistics'
  | 'number_of_items_statistics'
  | 'display_statistics'
> & { hasMore: boolean };
export type InboundsListState = ListState<Inbound, InboundsMeta>;

export const inboundsListKey = (filter: InboundsFilter, pages: number) =>
  ['inbounds', 'live-list', filter, pages] as const;

/** The loaded window: the last page asked for; refreshes (gateway or ours) read skip 0 .. skip + limit. */
export function pageWindow(pages: number) {
  return { skip: (pages - 1) * PAGE_SIZE, limit: PAGE_SIZE };
}

function fromSearch(response: InboundsSearchResponse, limit: number): InboundsListState {
  const { inventory_receipts, ...meta } = response;
  return { rows: inventory_receipts, meta: { ...meta, hasMore: inventory_receipts.length >= limit } };
}

/**
 * The inbound list for a filter, fed by the gateway's live cohort (inbounds.live: a snapshot, then
 * patches; the gateway refreshes every 30 s, the browser never polls). Loading more widens the window.
 * The state lives in the query cache, so the list under the detail overlay shows at once. A plain
 * search (the same window) is the fallback when the subscription fails, and the 2 s refresh after a
 * status change.
 */
export function useInboundsList(filter: InboundsFilter) {
  const utils = trpc.useUtils();
  const queryClient = useQueryClient();
  const [pages, setPages] = useState(1);
  const [failed, setFailed] = useState(false);
  const filterKey = JSON.stringify(filter);
  const lastFilterKey = useRef(filterKey);
  // A new filter starts again from the first page.
  const effectivePages = lastFilterKey.current === filterKey ? pages : 1;
  useEffect(() => {
    if (lastFilterKey.current !== filterKey) {
      lastFilterKey.current = filterKey;
      setPages(1);
      setFailed(false);
    }
  }, [filterKey]);

  const window = useMemo(() => pageWindow(effectivePages), [effectivePages]);
  const key = inboundsListKey(filter, effectivePages);

  const search = useCallback(async () => {
    const refresh = refreshWindow(window);
    return fromSearch(await utils.client.inbounds.search.query({ filter, window: refresh }), refresh.limit);
  }, [utils, filter, window]);

  const query = useQuery({
    queryKey: key,
    queryFn: search,
    // Only the fallback fetches here; the subscription writes into this cache entry.
    enabled: failed,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 5 * 60_000,
    placeholderData: keepPreviousData,
    refetchOnWindowFocus: false,
    retry: false,
  });

  trpc.inbounds.live.useSubscription(
    { filter, window },
    {
      onStarted: () => setFailed(false),
      onData: (event) => {
        const message = event.data as ListMessage<Inbound, InboundsMeta>;
        queryClient.setQueryData<InboundsListState>(key, (current) => {
          // A patch without a snapshot for this cohort cannot be applied; the next snapshot fixes it.
          if (message.kind === 'patch' && !current) return current;
          return applyListMessage(current ?? null, message);
        });
      },
      onError: () => setFailed(true),
    },
  );

  const refresh = useCallback(async () => {
    try {
      queryClient.setQueryData(key, await search());
    } catch {
      // Failed list calls are swallowed: the list keeps its state (spec 8).
    }
  }, [queryClient, key, search]);

  const state = query.data ?? null;
  const isPlaceholder = query.isPlaceholderData || (state !== null && !queryClient.getQueryData(key));
  const hasMore = Boolean(state?.meta.hasMore) && !isPlaceholder;

  const loadMore = useCallback(() => {
    if (!hasMore) throw new Error('Cannot load more');
    setPages((p) => p + 1);
  }, [hasMore]);

  return {
    rows: state?.rows ?? [],
    meta: state?.meta ?? null,
    /** No answer yet for any window of this filter. */
    isLoading: state === null,
    /** Showing the previous filter's or window's rows while the new answer is on its way. */
    isUpdating: isPlaceholder,
    /** The placeholder is the shorter window of the same filter: more rows are on their way. */
    isLoadingMore: isPlaceholder && effectivePages > 1,
    hasMore,
    loadMore,
    refresh,
  };
}
