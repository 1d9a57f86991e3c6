import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type AnalyticsSearchResponse,
  applyListMessage,
  type ClientsFilter,
  type ListMessage,
  type ListState,
  PAGE_SIZE,
  refreshWindow,
  type SellingChannelAnalyticsRow,
} from '@waybill/contracts';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { trpc } from '../../../lib/trpc.js';

/** The statistics of an analytics answer (everything but the rows), plus whether more rows exist. */
export type ClientsMeta = Pick<
  AnalyticsSearchResponse,
  | 'count'
  | 'couriers_statistics'
  | 'display_statistics'
  | 'company_size_statistics'
  | 'company_activity_statistics'
  | 'countries_statistics'
  | 'sku_statistics'
  | 'source_app_statistics'
> & { hasMore: boolean };
export type ClientsListState = ListState<SellingChannelAnalyticsRow, ClientsMeta>;

export function pageWindow(pages: number) {
  return { skip: (pages - 1) * PAGE_SIZE, limit: PAGE_SIZE };
}

function fromSearch(response: AnalyticsSearchResponse, limit: number): ClientsListState {
  const { selling_channels_analytics, ...meta } = response;
  return {
    rows: selling_channels_analytics,
    meta: { ...meta, hasMore: selling_channels_analytics.length >= limit },
  };
}

/**
 * The stores list for a filter, fed by the gateway's live cohort (clients.live, refreshed there every
 * 30 s from 0 to skip + limit; the browser never polls). Loading more widens the window. A plain
 * clients.search over the same window is the fallback when the subscription fails.
 */
export function useClientsList(filter: ClientsFilter) {
  const utils = trpc.useUtils();
  const queryClient = useQueryClient();
  const [pages, setPages] = useState(1);
  const [failed, setFailed] = useState(false);
  const filterKey = JSON.stringify(filter);
  const lastFilterKey = useRef(filterKey);
  const effectivePages = lastFilterKey.current === filterKey ? pages : 1;
  useEffect(() => {
    if (lastFilterKey.current !== filterKey) {
      lastFilterKey.current = filterKey;
      setPages(1);
      setFailed(false);
    }
  }, [filterKey]);

  const window = useMemo(() => pageWindow(effectivePages), [effectivePages]);
  const key = ['clients', 'live-list', filter, effectivePages] as const;

  const search = useCallback(async () => {
    const refresh = refreshWindow(window);
    return fromSearch(await utils.client.clients.search.query({ filter, window: refresh }), refresh.limit);
  }, [utils, filter, window]);

  const query = useQuery({
    queryKey: key,
    queryFn: search,
    enabled: failed,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 5 * 60_000,
    placeholderData: keepPreviousData,
    refetchOnWindowFocus: false,
    retry: false,
  });

  trpc.clients.live.useSubscription(
    { filter, window },
    {
      onStarted: () => setFailed(false),
      onData: (event) => {
        const message = event.data as ListMessage<SellingChannelAnalyticsRow, ClientsMeta>;
        queryClient.setQueryData<ClientsListState>(key, (current) => {
          if (message.kind === 'patch' && !current) return current;
          return applyListMessage(current ?? null, message);
        });
      },
      onError: () => setFailed(true),
    },
  );

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
    isLoading: state === null,
    isUpdating: isPlaceholder,
    isLoadingMore: isPlaceholder && effectivePages > 1,
    hasMore,
    loadMore,
  };
}
