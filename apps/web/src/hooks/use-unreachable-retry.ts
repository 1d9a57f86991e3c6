import { useRef } from 'react';

export interface UnreachableList<Row, Meta = unknown> {
  rows: Row[];
  /** The counts that came with the rows: kept with them, so counts and rows tell one story. */
  meta?: Meta | null;
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
 * the list), with the counts that came with them. Returns whether the server is out of reach and the
 * rows and counts to show: always one answer's, never new counts over old rows.
 */
export function useUnreachableRetry<Row, Meta = unknown>(
  list: UnreachableList<Row, Meta>,
): { unreachable: boolean; rows: Row[]; meta: Meta | null } {
  const unreachable =
    (list.isLoading || list.isUpdating) && (list.searchFailed || Boolean(list.waitingForConnection));
  const kept = useRef<{ rows: Row[]; meta: Meta | null }>({ rows: list.rows, meta: list.meta ?? null });
  if (!unreachable && !list.isLoading) kept.current = { rows: list.rows, meta: list.meta ?? null };
  return unreachable
    ? { unreachable, ...kept.current }
    : { unreachable, rows: list.rows, meta: list.meta ?? null };
}
