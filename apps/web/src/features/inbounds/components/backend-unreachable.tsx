import { CloudOff } from 'lucide-react';
import { useEffect, useRef } from 'react';
import styles from './backend-unreachable.module.css';

/** How often a list that could not be read is read again. */
export const UNREACHABLE_RETRY_MS = 5_000;

export const UNREACHABLE_TEXT = 'Cannot reach the Waybill backend — retrying';

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

/** Says the backend cannot be reached and that the list keeps trying (a polite status region). */
export function BackendUnreachableBanner() {
  return (
    <div className={styles.banner} role="status" data-testid="backend-unreachable">
      <CloudOff size={16} aria-hidden />
      <span>{UNREACHABLE_TEXT}</span>
    </div>
  );
}
