import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useLocation, useNavigate, useNavigationType } from 'react-router';

/** A feature's filter ⇄ URL query mapping. Only what differs from `defaults` is written. */
export interface UrlFilterCodec<Filter> {
  /** The query parameters the codec owns; any other parameter is left alone. */
  params: readonly string[];
  encode: (filter: Filter, defaults: Filter, base: URLSearchParams) => URLSearchParams;
  /** Unknown or malformed values fall back to the defaults, never fail. */
  decode: (params: URLSearchParams, defaults: Filter) => Filter;
}

/** Whether a query string carries any parameter the codec owns. */
export function hasFilterParams(search: string, params: readonly string[]): boolean {
  const query = new URLSearchParams(search);
  return params.some((p) => query.has(p));
}

/**
 * A list filter kept in the URL query: a reload or a shared link shows the same view, and each
 * change is a history entry, so Back and Forward step through filter states.
 *
 * The list stays mounted under its detail overlay (a path under `overlaysUnder`, /inbounds/inbound?uid=…),
 * whose URL has no filter: while there, the list keeps its last filter, and closing the overlay onto
 * the bare list path puts that filter back into the URL (Back never does: it lands where it lands).
 */
export function useUrlFilters<Filter>(
  codec: UrlFilterCodec<Filter>,
  defaults: Filter,
  options: { overlaysUnder?: string } = {},
): [Filter, (next: Filter | ((current: Filter) => Filter)) => void] {
  const location = useLocation();
  const navigate = useNavigate();
  const navigationType = useNavigationType();
  const onList = !options.overlaysUnder || !location.pathname.startsWith(`${options.overlaysUnder}/`);
  const listPath = useRef(onList ? location.pathname : (options.overlaysUnder ?? '/'));
  if (onList) listPath.current = location.pathname;
  // Back on the bare list path after the overlay: the filter the list kept, until the URL has it again.
  const wasAway = useRef(false);
  const lastListSearch = useRef(location.search);
  const restoring =
    onList &&
    wasAway.current &&
    navigationType !== 'POP' &&
    !hasFilterParams(location.search, codec.params) &&
    hasFilterParams(lastListSearch.current, codec.params);
  const held = useRef(location.search);
  if (onList) held.current = restoring ? lastListSearch.current : location.search;
  const search = held.current;

  const codecRef = useRef(codec);
  codecRef.current = codec;
  const defaultsRef = useRef(defaults);
  defaultsRef.current = defaults;
  const defaultsKey = JSON.stringify(defaults);
  const filter = useMemo(
    () => codecRef.current.decode(new URLSearchParams(search), defaultsRef.current),
    [search, defaultsKey],
  );
  const current = useRef(filter);
  current.current = filter;

  useEffect(() => {
    if (!onList) {
      wasAway.current = true;
      return;
    }
    if (restoring) {
      // Still restoring (renders keep the kept filter) until the URL carries it again.
      const restored = new URLSearchParams(location.search);
      for (const [k, v] of new URLSearchParams(lastListSearch.current)) {
        if (codecRef.current.params.includes(k)) restored.set(k, v);
      }
      navigate({ pathname: location.pathname, search: `?${restored}` }, { replace: true });
      return;
    }
    wasAway.current = false;
    lastListSearch.current = location.search;
  }, [onList, restoring, location.search, location.pathname, navigate]);

  const setFilter = useCallback(
    (next: Filter | ((current: Filter) => Filter)) => {
      const value = typeof next === 'function' ? (next as (c: Filter) => Filter)(current.current) : next;
      const params = codecRef.current.encode(
        value,
        defaultsRef.current,
        new URLSearchParams(lastListSearch.current),
      );
      const text = params.toString();
      if (text === new URLSearchParams(lastListSearch.current).toString()) return;
      lastListSearch.current = text ? `?${text}` : '';
      navigate({ pathname: listPath.current, search: text ? `?${text}` : '' });
    },
    [navigate],
  );
  return [filter, setFilter];
}
