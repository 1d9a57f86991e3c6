import { keepPreviousData } from '@tanstack/react-query';
import { applyListMessage, type ListWindow, type OrdersFilter } from '@waybill/contracts';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { errorCode } from '../../../lib/errors.js';
import { trpc } from '../../../lib/trpc.js';
import { firstPageWindow, loadMoreWindow, type OrdersList } from '../lib/list-state.js';
import { filterKey } from '../lib/url-codec.js';

export type OrdersSource = 'live' | 'query';

/** A live answer slower than this means the websocket is not getting through: use queries instead. */
export const LIVE_ANSWER_TIMEOUT_MS = 10_000;

export class LiveUnavailableError extends Error {
  constructor() {
    super('The live connection did not answer in time.');
    this.name = 'LiveUnavailableError';
  }
}

interface Held {
  /** The query (filter + window) the list answers. */
  queryKey: string;
  filterKey: string;
  list: OrdersList;
}

export interface OrdersListResult {
  rows: OrdersList['rows'];
  meta: OrdersList['meta'] | null;
  window: ListWindow;
  /** A list for the current filter is on screen (maybe for a smaller window). */
  initialized: boolean;
  /** The answer for the current filter/window has not arrived yet. */
  searching: boolean;
  loadingMore: boolean;
  error: unknown;
  source: OrdersSource;
  /** Throws LoadMoreError ('Cannot load more') at the end; ignored while searching. */
  loadMore: () => void;
  /** Re-reads the whole loaded list now (after an operator change). */
  refresh: () => Promise<void>;
}

/**
 * The realtime order list. Its source is the orders.live subscription: one snapshot, then patches
 * pushed by the gateway whenever a change could touch this filter and window. If the subscription
 * fails (no websocket), it falls back to plain queries with the same input.
 */
export function useOrdersList(
  filter: OrdersFilter,
  options: { source?: OrdersSource; liveTimeoutMs?: number } = {},
): OrdersListResult {
  const fKey = filterKey(filter);
  const [windowState, setWindowState] = useState<{ key: string; window: ListWindow }>(() => ({
    key: fKey,
    window: firstPageWindow(),
  }));
  // Any filter change goes back to the first page and re-enables load-more.
  const window = windowState.key === fKey ? windowState.window : firstPageWindow();
  const query = useMemo(() => ({ filter, window }), [filter, window]);
  const qKey = JSON.stringify(query);

  const [source, setSource] = useState<OrdersSource>(options.source ?? 'live');
  const [held, setHeld] = useState<Held | null>(null);
  const [error, setError] = useState<unknown>(null);
  const current = useRef(qKey);
  current.current = qKey;

  trpc.orders.live.useSubscription(query, {
    enabled: source === 'live',
    onStarted: () => setError(null),
    onData: (message) => {
      setHeld((prev) => {
        const base = prev && prev.queryKey === current.current ? prev.list : null;
        if (message.data.kind === 'patch' && !base) return prev;
        const list = applyListMessage(base, message.data) as OrdersList;
        return { queryKey: current.current, filterKey: fKey, list };
      });
    },
    onError: (err) => {
      setError(err);
      // Sign-in problems are handled by the layout; anything else: keep working without pushes.
      if (errorCode(err) !== 'UNAUTHORIZED') setSource('query');
    },
  });

  // A subscription that never answers (websocket blocked on the way) must not leave skeletons forever.
  const answered = source === 'live' && held?.queryKey === qKey;
  useEffect(() => {
    if (source !== 'live' || answered) return;
    const timer = setTimeout(() => {
      setError(new LiveUnavailableError());
      setSource('query');
    }, options.liveTimeoutMs ?? LIVE_ANSWER_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [source, answered, qKey, options.liveTimeoutMs]);

  const search = trpc.orders.search.useQuery(
    { ...query, refresh: true },
    { enabled: source === 'query', placeholderData: keepPreviousData },
  );
  const statistics = trpc.orders.statistics.useQuery(
    { ...query, refresh: true },
    { enabled: source === 'query', placeholderData: keepPreviousData },
  );
  const utils = trpc.useUtils();

  let list: OrdersList | null = null;
  let listQueryKey: string | null = null;
  let listFilterKey: string | null = null;
  if (source === 'live' && held) {
    list = held.list;
    listQueryKey = held.queryKey;
    listFilterKey = held.filterKey;
  } else if (source === 'query' && search.data) {
    const { orders, comments } = search.data;
    list = {
      rows: orders,
      meta: {
        comments,
        statistics: statistics.data ?? null,
        hasMore: orders.length >= window.skip + window.limit,
      },
    };
    listQueryKey = search.isPlaceholderData ? null : qKey;
    listFilterKey = search.isPlaceholderData ? null : fKey;
  }
  if (source === 'query' && held && !list) {
    list = held.list;
    listFilterKey = held.filterKey;
  }

  const initialized = list !== null && listFilterKey === fKey;
  const searching = listQueryKey !== qKey;
  const loadingMore = initialized && searching;
  const hasMore = initialized && (list?.meta.hasMore ?? false);

  const loadMore = useCallback(() => {
    const next = loadMoreWindow(window, { hasMore, initialized, searching });
    if (next) setWindowState({ key: fKey, window: next });
  }, [window, hasMore, initialized, searching, fKey]);

  const refresh = useCallback(async () => {
    const input = { ...query, refresh: true };
    if (source === 'query') {
      await Promise.all([utils.orders.search.invalidate(input), utils.orders.statistics.invalidate(input)]);
      return;
    }
    const [fresh, stats] = await Promise.all([
      utils.orders.search.fetch(input, { staleTime: 0 }),
      utils.orders.statistics.fetch(input, { staleTime: 0 }),
    ]);
    if (current.current !== qKey) return;
    setHeld({
      queryKey: qKey,
      filterKey: fKey,
      list: {
        rows: fresh.orders,
        meta: {
          comments: fresh.comments,
          statistics: stats,
          hasMore: fresh.orders.length >= window.skip + window.limit,
        },
      },
    });
  }, [query, source, utils, qKey, fKey, window]);

  const visible = initialized ? list : null;
  return {
    rows: visible?.rows ?? [],
    meta: visible?.meta ?? null,
    window,
    initialized,
    searching,
    loadingMore,
    error: error ?? search.error ?? null,
    source,
    loadMore,
    refresh,
  };
}
