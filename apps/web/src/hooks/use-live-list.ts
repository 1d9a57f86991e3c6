import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSubscription } from '@trpc/tanstack-react-query';
import {
  applyListMessage,
  type ListState,
  type ListWindow,
  type LiveListEvent,
  nextPageWindow,
  pageWindow,
  refreshWindow,
} from '@waybill/contracts';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { errorCode, errorLimit } from '../lib/errors.js';
import { isOutageError, OUTAGE_RETRY_MS } from '../lib/outage.js';
import { type TrpcClient, useTRPC, useTRPCClient } from '../lib/trpc.js';
import { useConnectionState } from './use-connection-state.js';

/** What a list's live subscription and its plain search are asked for. */
export interface LiveListInput<Filter> {
  filter: Filter;
  window: ListWindow;
}

/** What the list listens to on its subscription. Events carry a LiveListEvent in `data`. */
export interface LiveListHandlers {
  enabled: boolean;
  onStarted: () => void;
  onData: (event: { data: unknown }) => void;
  onError: (error: unknown) => void;
}

type TrpcOptions = ReturnType<typeof useTRPC>;
/** What `useSubscription` takes, for any live procedure (each has its own event type; the list reads them as LiveListEvent). */
// biome-ignore lint/suspicious/noExplicitAny: a procedure's typed options only fit its own event type.
type SubscriptionOptions = Parameters<typeof useSubscription<any, any>>[0];

/** One live list of the console: its subscription, its plain search and how a search answer splits. */
export interface LiveListSource<Filter, Row extends { uid: string }, Meta, Response> {
  /** First part of the query-cache key: `[scope, 'live-list', filter, pages]`. */
  scope: string;
  /** The live procedure's subscription, e.g. `(trpc, input, handlers) => trpc.inbounds.live.subscriptionOptions(input, handlers)`. */
  subscription: (
    trpc: TrpcOptions,
    input: LiveListInput<Filter>,
    handlers: LiveListHandlers,
  ) => SubscriptionOptions;
  /**
   * The plain search: the fallback when live does not answer, and the refresh. `refresh: true` asks
   * the gateway for the whole loaded window (skip 0, limit skip + limit) from the last page's window,
   * which a wider window than one page would not pass.
   */
  search: (client: TrpcClient, input: LiveListInput<Filter> & { refresh: true }) => Promise<Response>;
  /** A search answer as list state; `limit` is the window's size (a shorter page means no more rows). */
  fromSearch: (response: Response, limit: number) => ListState<Row, Meta>;
}

/** Where the list's rows come from: pushed by the live cohort, or read with plain searches. */
export type LiveListMode = 'live' | 'query';

/** A live answer slower than this means the websocket is not getting through: use searches instead. */
export const LIVE_ANSWER_TIMEOUT_MS = 10_000;

/**
 * With websockets blocked for good, a list reads its window again this often while it is shown:
 * as fresh as the inbounds' and clients' live refreshes, and a bounded cost for the rare browser
 * behind such a proxy.
 */
export const BLOCKED_REFRESH_MS = 30_000;

export class LiveUnavailableError extends Error {
  constructor() {
    super('The live connection did not answer in time.');
    this.name = 'LiveUnavailableError';
  }
}

/**
 * Live updates do not reach the list: the gateway said its refreshes keep failing, or the websocket
 * itself is lost. The rows on screen date from `dataAt` (ms epoch).
 */
export interface LivePause {
  dataAt: number;
}

/** The earliest of the given times (ms epoch), or null when none is given. */
function oldest(...times: (number | null)[]): number | null {
  const known = times.filter((t): t is number => t !== null);
  return known.length > 0 ? Math.min(...known) : null;
}

/** tRPC's cache key of `auth.session` starts with its path. */
const isSessionKey = (key: readonly unknown[]) => JSON.stringify(key[0]) === '["auth","session"]';

/** The query-cache key of a list: filter and number of loaded pages. */
export const liveListKey = <Filter>(scope: string, filter: Filter, pages: number) =>
  [scope, 'live-list', filter, pages] as const;

export interface LiveListOptions {
  /** How long the subscription may stay silent before the list switches to searches. */
  liveTimeoutMs?: number;
}

/**
 * A list for a filter, fed by the gateway's live cohort (a snapshot, then patches; the browser never
 * polls). Loading more widens the window. The state lives in the query cache, so a list under an
 * overlay or after switching tabs shows at once. When the subscription fails, or stays silent past
 * the live timeout without the gateway ever acknowledging it (websockets blocked on the way), the
 * list reads the same window with plain searches for the rest of its life (for a blocked websocket,
 * every BLOCKED_REFRESH_MS); `refresh` re-reads it either way. One the gateway acknowledged but that stays silent waits on the backend: an outage. A subscription refused with UNAUTHORIZED (the session died)
 * ends the session, which sends the user to sign-in.
 *
 * Outages: while the websocket is lost the list is paused as of the drop and never gives up on live
 * (the silence is the outage, not a proxy blocking websockets); the subscription resumes on the new
 * socket with its last event id. A list that left live because of an outage (the subscription failed
 * with a gateway or backend outage, or stayed silent once acknowledged) reads its window again every
 * few seconds while its search fails,
 * and goes back to live once the outage ends (the socket is back, or a failed search answers).
 */
export function useLiveList<Filter, Row extends { uid: string }, Meta extends { hasMore: boolean }, Response>(
  source: LiveListSource<Filter, Row, Meta, Response>,
  filter: Filter,
  options: LiveListOptions = {},
) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const connection = useConnectionState();
  const [pages, setPages] = useState(1);
  const [mode, setMode] = useState<LiveListMode>('live');
  const [error, setError] = useState<unknown>(null);
  // The list left live because the gateway or backend was out of reach: it comes back after.
  const [leftForOutage, setLeftForOutage] = useState(false);
  // The gateway refuses a window past its loaded-rows limit (LIST_MAX_LOADED_ROWS): that filter's end.
  const [cappedFilter, setCappedFilter] = useState<string | null>(null);
  const filterKey = JSON.stringify(filter);
  const lastFilterKey = useRef(filterKey);
  // A new filter starts again from the first page.
  const effectivePages = lastFilterKey.current === filterKey ? pages : 1;
  useEffect(() => {
    if (lastFilterKey.current !== filterKey) {
      lastFilterKey.current = filterKey;
      setPages(1);
    }
  }, [filterKey]);

  const window = useMemo(() => pageWindow(effectivePages), [effectivePages]);
  const key = liveListKey(source.scope, filter, effectivePages);
  const keyText = JSON.stringify(key);

  // A dead session: the gateway may still vouch for the token a little while (it caches who a token
  // is), so end the session here as sign-out does; the session, read again, is then empty and the
  // protected layout shows sign-in. Nothing of the old session stays in the cache.
  const endSession = useCallback(() => {
    void client.auth.logout
      .mutate()
      .catch(() => undefined)
      .then(() => {
        queryClient.removeQueries({ predicate: (q) => !isSessionKey(q.queryKey) });
        return queryClient.resetQueries(trpc.auth.session.pathFilter());
      });
  }, [client, trpc, queryClient]);

  const search = useCallback(async () => {
    const answer = await source.search(client, { filter, window, refresh: true });
    return source.fromSearch(answer, refreshWindow(window).limit);
  }, [source, client, filter, window]);

  // Websockets never get through: searches are the list's only source, so they come on a timer.
  const blocked = mode === 'query' && error instanceof LiveUnavailableError;
  const query = useQuery({
    queryKey: key,
    queryFn: search,
    // Only the fallback fetches here; the subscription writes into this cache entry.
    enabled: mode === 'query',
    refetchInterval: blocked ? BLOCKED_REFRESH_MS : false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 5 * 60_000,
    placeholderData: keepPreviousData,
    refetchOnWindowFocus: false,
    retry: false,
  });

  // Health is per subscription: a new filter or window starts without a pause.
  const [pause, setPause] = useState<{ key: string; dataAt: number } | null>(null);
  const paused = useRef(false);
  paused.current = pause !== null;
  // The list whose subscription the gateway acknowledged: the websocket gets through, so a silence
  // after it is the backend's, not a proxy's.
  const started = useRef<string | null>(null);

  useSubscription(
    source.subscription(
      trpc,
      { filter, window },
      {
        enabled: mode === 'live',
        onStarted: () => {
          started.current = keyText;
          setError(null);
        },
        onData: (event) => {
          const message = event.data as LiveListEvent<Row, Meta>;
          if (message.kind === 'health') {
            // Live-update health carries no rows: the list keeps what it shows.
            setPause(message.paused ? { key: keyText, dataAt: message.dataAt } : null);
            return;
          }
          // Fresh data means the cohort's refreshes work again.
          if (paused.current) setPause(null);
          queryClient.setQueryData<ListState<Row, Meta>>(key, (current) => {
            // A patch without a snapshot for this cohort cannot be applied; the next snapshot fixes it.
            if (message.kind === 'patch' && !current) return current;
            return applyListMessage(current ?? null, message);
          });
        },
        onError: (err) => {
          setError(err);
          if (errorCode(err) === 'UNAUTHORIZED') endSession();
          else if (errorLimit(err) === 'LIST_MAX_LOADED_ROWS' && effectivePages > 1) {
            // Past the rows a list may load: stay live on the last window that was accepted.
            setError(null);
            setCappedFilter(filterKey);
            setPages(effectivePages - 1);
          } else {
            setLeftForOutage(isOutageError(err));
            setMode('query');
          }
        },
      },
    ),
  );

  // A subscription that never answers (websocket blocked on the way) must not leave skeletons forever.
  const answered = query.data !== undefined && !query.isPlaceholderData;
  const liveTimeoutMs = options.liveTimeoutMs ?? LIVE_ANSWER_TIMEOUT_MS;
  // While the connection is lost the subscription waits for the new socket instead.
  const connectionDown = connection.down;
  useEffect(() => {
    if (mode !== 'live' || answered || connectionDown) return;
    const timer = setTimeout(() => {
      // Acknowledged but silent: the gateway waits on the backend, so the list comes back to live
      // after, as from any outage. Never acknowledged: websockets do not get through, for good.
      const reached = started.current === keyText;
      setLeftForOutage(reached);
      setError(reached ? null : new LiveUnavailableError());
      setMode('query');
    }, liveTimeoutMs);
    return () => clearTimeout(timer);
  }, [mode, answered, keyText, liveTimeoutMs, connectionDown]);

  // A search that failed for an outage is read again every few seconds while the list is shown.
  const searchOutage = mode === 'query' && query.isError && isOutageError(query.error);
  const { refetch } = query;
  useEffect(() => {
    if (!searchOutage) return;
    const timer = setInterval(() => void refetch(), OUTAGE_RETRY_MS);
    return () => clearInterval(timer);
  }, [searchOutage, refetch]);

  // After an outage the list goes back to live: at once when the socket is back, or a few seconds
  // after a search answers again (the wait bounds the back and forth while the backend flaps).
  const backToLive = useCallback(() => {
    started.current = null;
    setLeftForOutage(false);
    setError(null);
    setMode('live');
  }, []);
  const outageFallback = mode === 'query' && leftForOutage;
  const fellBack = useRef(outageFallback);
  fellBack.current = outageFallback;
  const seenRecoveries = useRef(connection.recoveries);
  useEffect(() => {
    if (seenRecoveries.current === connection.recoveries) return;
    seenRecoveries.current = connection.recoveries;
    if (fellBack.current) backToLive();
  }, [connection.recoveries, backToLive]);
  const searchAnswers = outageFallback && query.isSuccess && !query.isPlaceholderData;
  useEffect(() => {
    if (!searchAnswers) return;
    const timer = setTimeout(backToLive, OUTAGE_RETRY_MS);
    return () => clearTimeout(timer);
  }, [searchAnswers, backToLive]);

  const refresh = useCallback(async (): Promise<unknown> => {
    try {
      queryClient.setQueryData(key, await search());
      return null;
    } catch (error) {
      // A failed refresh keeps the list as it is (failed list calls are swallowed); the caller
      // gets the failure to mention it if it wants.
      return error;
    }
  }, [queryClient, keyText, search]);

  const state = query.data ?? null;
  const isPlaceholder = query.isPlaceholderData || (state !== null && !queryClient.getQueryData(key));
  // A placeholder on a later page is this filter's shorter window; on the first page, another filter's.
  const initialized = state !== null && (!isPlaceholder || effectivePages > 1);
  const isLoadingMore = isPlaceholder && effectivePages > 1;
  // Live updates stop with the socket: this filter's rows are as of the drop (or older, if the
  // gateway had paused them already). A filter with no rows yet is waiting, not paused.
  const healthDataAt = pause && pause.key === keyText ? pause.dataAt : null;
  const socketDataAt =
    mode === 'live' && initialized && connection.status === 'reconnecting' ? connection.downSince : null;
  // Left live for an outage: the rows are as of their last read until live updates resume.
  const fallbackDataAt =
    outageFallback && initialized && query.dataUpdatedAt > 0 ? query.dataUpdatedAt : null;
  const pausedAt = oldest(healthDataAt, socketDataAt, fallbackDataAt);
  // While the next page loads, the shorter window (which said more rows exist) stands for it: the
  // list keeps its loading rows and never shows the end-of-list footer in between.
  const hasMore =
    Boolean(state?.meta.hasMore) && (!isPlaceholder || isLoadingMore) && cappedFilter !== filterKey;

  const loadMore = useCallback(() => {
    // Refused past the end or before the first answer; one page at a time: asking again while a
    // page loads changes nothing.
    if (nextPageWindow(window, { hasMore, initialized, searching: isLoadingMore })) setPages((p) => p + 1);
  }, [window, hasMore, initialized, isLoadingMore]);

  return {
    rows: state?.rows ?? [],
    meta: state?.meta ?? null,
    /** No answer yet for any window of this filter. */
    isLoading: state === null,
    /** Rows of the current filter are shown (maybe a shorter window while more load). */
    initialized,
    /** Showing the previous filter's or window's rows while the new answer is on its way. */
    isUpdating: isPlaceholder,
    /** The placeholder is the shorter window of the same filter: more rows are on their way. */
    isLoadingMore,
    hasMore,
    /** Widens the window by a page; throws LoadMoreError ('Cannot load more') when no more rows exist. */
    loadMore,
    /** Re-reads the loaded window with a plain search (e.g. after a status change); resolves to its failure or null. */
    refresh,
    /** 'live' while the subscription feeds the list, 'query' after it failed or stayed silent. */
    source: mode,
    /** Why the list left live updates (or the session problem), if it did. */
    error: error ?? query.error ?? null,
    /** The plain search of this filter and window failed: the list has no answer for it. */
    searchFailed: query.isError,
    /**
     * Websockets do not get through (never acknowledged): the list is read again every
     * BLOCKED_REFRESH_MS instead of live, and its rows date from `dataAt` (ms epoch).
     */
    blocked: blocked && query.dataUpdatedAt > 0 ? { dataAt: query.dataUpdatedAt } : null,
    /** This filter has no answer yet and the connection is lost: it loads once the socket is back. */
    waitingForConnection: connection.status === 'reconnecting' && mode === 'live' && !initialized,
    /**
     * Set while live updates do not reach the list: the gateway reports a pause, the websocket is
     * lost, or the list left live for an outage and has not resumed yet.
     */
    pause: pausedAt !== null ? ({ dataAt: pausedAt } as LivePause) : null,
  };
}
