import { useEffect, useRef } from 'react';

/** How often a list that could not be read is read again. */
const UNREACHABLE_RETRY_MS = 5_000;

export interface UnreachableList<Row> {
  rows: Row[];
  isLoading: boolean;
  isUpdating: boolean;
  searchFailed: boolean;
  refresh: () => Promise<unknown>;
}

/**
 * A list whose current filter has no answer and whose reads failed (live and the fallback search):
 * the backend is out of reach. While so, the list is read again every 5 s and the rows shown before
 * stay on screen (a failed read drops the previous filter's rows from the list). Returns whether the
 * backend is out of reach and the rows to show.
 */
export function useUnreachableRetry<Row>(list: UnreachableList<Row>): { unreachable: boolean; rows: Row[] } {
  const unreachable = (list.isLoading || list.isUpdating) && list.searchFailed;
  const kept = useRef<Row[]>(list.rows);
  if (!unreachable && !list.isLoading) kept.current = list.rows;
  const { refresh } = list;
  useEffect(() => {
    if (!unreachable) return;
    const timer = setInterval(() => void refresh(), UNREACHABLE_RETRY_MS);
    return () => clearInterval(timer);
  }, [unreachable, refresh]);
  return { unreachable, rows: unreachable ? kept.current : list.rows };
}
