import { skipToken, useQuery } from '@tanstack/react-query';
import { conflictMessage, type Order } from '@waybill/contracts';
import { useEffect } from 'react';
import { useNow } from '../../hooks/use-now.js';
import { expectedOf } from '../../lib/conflict.js';
import { useTRPC } from '../../lib/trpc.js';
import styles from './conflict-notice.module.css';

export interface LiveChangeNoticeProps {
  /** The order as the modal opened on it. */
  opened: Order | undefined;
  /** The order as the live list or detail shows it now. */
  current: Order | undefined;
  /** True when the order left the list the modal was opened from (its filter no longer matches). */
  gone?: boolean;
}

/**
 * In an open modal, as soon as the live row or detail shows the order changed: "Changed by {name}
 * {time} ago" (the gateway names who, as a save would), before the user saves over it. Says too when
 * the order left the list; the modal stays open with what was typed.
 */
export function LiveChangeNotice({ opened, current, gone = false }: LiveChangeNoticeProps) {
  const trpc = useTRPC();
  const now = useNow(5_000);
  const changedAt = opened && current && current.updated_at !== opened.updated_at ? current.updated_at : null;
  const query = useQuery(
    trpc.conflicts.orderChangedSince.queryOptions(
      (changedAt || gone) && opened ? { orderUid: opened.uid, expected: expectedOf(opened) } : skipToken,
      { refetchOnWindowFocus: false, retry: 1 },
    ),
  );
  // Each further change asks again: the last one is who the notice names.
  const { refetch } = query;
  useEffect(() => {
    if ((changedAt || gone) && query.data !== undefined) void refetch();
  }, [changedAt, gone]);

  const conflict = query.data?.conflict ?? null;
  // Only the user's own change since (another of their tabs): nothing to warn about.
  const ownOnly = query.data !== undefined && conflict === null;
  if (!gone && (!changedAt || ownOnly)) return null;
  return (
    <div className={styles.notice} role="status" data-testid="live-change">
      {conflict ? (
        <p className={styles.message}>{conflictMessage(conflict, now)}</p>
      ) : changedAt && !ownOnly ? (
        <p className={styles.message}>This order just changed; checking who changed it…</p>
      ) : null}
      {gone ? (
        <p className={styles.message} data-testid="live-change-gone">
          This order no longer matches the list's filter. What you entered is kept.
        </p>
      ) : null}
    </div>
  );
}
