import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  applyListMessage,
  type ListMessage,
  type ListState,
  type ListWindow,
  PAGE_SIZE,
  refreshWindow,
} from '@waybill/contracts';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { trpc } from '../lib/trpc.js';

/** What a list's live subscription and its plain search are asked for. */
export interface LiveListInput<Filter> {
  filter: Filter;
  window: ListWindow;
}

/** What the list listens to on its subscription. Events carry a ListMessage in `data`. */
export interface LiveListHandlers {
  onStarted: () => void;
  onData: (event: { data: unknown }) => void;
  onError: (error: unknown) => void;
}

type TrpcClient = ReturnType<typeof trpc.useUtils>['client'];

/** One live list of the console: its subscription, its plain search and how a search answer splits. */
export interface LiveListSource<Filter, Row extends { uid: string }, Meta, Response> {
  /** First part of the query-cache key: `[scope, 'live-list', filter, pages]`. */
  scope: string;
  /** The live procedure's subscription hook, e.g. `trpc.inbounds.live.useSubscription`. */
  useSubscription: (input: LiveListInput<Filter>, handlers: LiveListHandlers) => unknown;
  /** The plain search over a window: the fallback when the subscription fails, and the refresh. */
  search: (client: TrpcClient, input: LiveListInput<Filter>) => Promise<Response>;
  /** A search answer as list state; `limit` is the window's size (a shorter page means no more rows). */
  fromSearch: (response: Response, limit: number) => ListState<Row, Meta>;
}

/** The query-cache key of a list: filter and number of loaded pages. */
export const liveListKey = <Filter>(scope: string, filter: Filter, pages: number) =>
  [scope, 'live-list', filter, pages] as const;

/** The loaded window: the last page asked for; refreshes (gateway or ours) read skip 0 .. skip + limit. */
export function pageWindow(pages: number): ListWindow {
  return { skip: (pages - 1) * PAGE_SIZE, limit: PAGE_SIZE };
}

/**
 * A list for a filter, fed by the gateway's live cohort (a snapshot, then patches; the gateway
 * refreshes every 30 s, the browser never polls). Loading more widens the window. The state lives in
 * the query cache, so a list under an overlay or after switching tabs shows at once. A plain search
 * over the same window is the fallback when the subscription fails, and `refresh` re-reads it.
 */
export function useLiveList<Filter, Row extends { uid: string }, Meta extends { hasMore: boolean }, Response>(
  source: LiveListSource<Filter, Row, Meta, Response>,
  filter: Filter,
) {
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
  const key = liveListKey(source.scope, filter, effectivePages);

  const search = useCallback(async () => {
    const refresh = refreshWindow(window);
    return source.fromSearch(await source.search(utils.client, { filter, window: refresh }), refresh.limit);
  }, [source, utils, filter, window]);

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

  source.useSubscription(
    { filter, window },
    {
      onStarted: () => setFailed(false),
      onData: (event) => {
        const message = event.data as ListMessage<Row, Meta>;
        queryClient.setQueryData<ListState<Row, Meta>>(key, (current) => {
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
    /** Re-reads the loaded window with a plain search (e.g. after a status change). */
    refresh,
  };
}
