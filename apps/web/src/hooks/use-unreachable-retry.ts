import { useRef } from 'react';

export interface UnreachableList<Row> {
  rows: Row[];
  isLoading: boolean;
  isUpdating: boolean;
  searchFailed: boolean;
  /** No answer for this filter while the connection is lost (useLiveList's word). */
  waitingForConnection?: boolean;
}

/**
 * A list whose current filter has no answer because the server is out of reach: its reads failed
 * (live and the fallback search), or the websocket is lost. The list reads again by itself
 * (useLiveList retries a failed search every few seconds and resumes live on reconnection); the
 * rows shown before stay on screen meanwhile (a failed read drops the previous filter's rows from
 * the list). Returns whether the server is out of reach and the rows to show.
 */
export function useUnreachableRetry<Row>(list: UnreachableList<Row>): { unreachable: boolean; rows: Row[] } {
  const unreachable =
    (list.isLoading || list.isUpdating) && (list.searchFailed || Boolean(list.waitingForConnection));
  const kept = useRef<Row[]>(list.rows);
  if (!unreachable && !list.isLoading) kept.current = list.rows;
  return { unreachable, rows: unreachable ? kept.current : list.rows };
}
