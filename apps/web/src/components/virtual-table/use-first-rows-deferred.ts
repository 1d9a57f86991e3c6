import { type ReactNode, useDeferredValue, useRef } from 'react';

const NO_ROWS: readonly never[] = [];

/**
 * A list's first rows mount in a pass React can interrupt (`useDeferredValue`): on a slow tablet
 * that mount is one of the longest tasks of a screen's first load, and taps and keys are answered
 * meanwhile. A table that mounts with its rows already loaded first shows `loading` in their place.
 * Until the rows are in, the table keeps its placeholder and says it is busy. Every later change
 * renders at once: a list on screen never lags behind its data.
 */
export function useFirstRowsDeferred<Row>(rows: readonly Row[], placeholder: ReactNode, loading: ReactNode) {
  const deferredRows = useDeferredValue(rows, NO_ROWS);
  const deferredPlaceholder = useDeferredValue(placeholder, placeholder ?? loading);
  const shownOnce = useRef(false);
  if (shownOnce.current) return { rows, placeholder, pending: false };
  if (deferredPlaceholder === undefined && deferredRows.length > 0) shownOnce.current = true;
  return {
    rows: deferredRows,
    placeholder: deferredPlaceholder,
    pending: deferredRows !== rows || deferredPlaceholder !== placeholder,
  };
}
