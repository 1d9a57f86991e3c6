import type { OrdersFilter } from '@waybill/contracts';
import { useCallback, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { decodeOrdersFilter, encodeOrdersFilter } from '../lib/url-codec.js';

/** The orders filter lives in the URL query: bookmarkable, restored on reload, clean when default. */
export function useOrdersFilter(defaults: OrdersFilter): [OrdersFilter, (next: OrdersFilter) => void] {
  const [params, setParams] = useSearchParams();
  const search = params.toString();
  const defaultsKey = JSON.stringify(defaults);
  const defaultsRef = useRef(defaults);
  defaultsRef.current = defaults;
  const filter = useMemo(
    () => decodeOrdersFilter(new URLSearchParams(search), defaultsRef.current),
    [search, defaultsKey],
  );
  const setFilter = useCallback(
    (next: OrdersFilter) => {
      setParams((prev) => encodeOrdersFilter(next, defaultsRef.current, prev), { replace: true });
    },
    [setParams],
  );
  return [filter, setFilter];
}
