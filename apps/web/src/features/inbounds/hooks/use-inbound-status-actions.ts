import {
  INBOUND_STATUS_LABELS,
  INBOUND_TEXT_LIMITS,
  type Inbound,
  type OperatorInboundStatus,
  shortenText,
} from '@waybill/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useToast } from '../../../components/toast/toast.js';
import { useChangeInboundStatus } from '../api/use-change-inbound-status.js';
import {
  type PendingStatus,
  SHOWN_STATUS,
  unreconciled,
  withPendingStatuses,
} from '../lib/inbound-changes.js';

/**
 * Arrived, Processing and Delete with immediate feedback: the row shows the new status as soon as
 * the user saves (optimistic update, replaced by the next version of the row from a live patch or
 * the 2 s refresh), a toast confirms success, and a failure puts the row back (the modal stays
 * open with the console's message).
 */
export function useInboundStatusActions(listRows: Inbound[], refresh: () => void) {
  const toast = useToast();
  const status = useChangeInboundStatus(refresh);
  const [pending, setPending] = useState<ReadonlyMap<string, PendingStatus>>(() => new Map());
  const rowsRef = useRef(listRows);
  rowsRef.current = listRows;

  // A newer version of a row (or the row leaving the list) ends its pending change.
  useEffect(() => {
    setPending((current) => {
      if (current.size === 0) return current;
      const left = unreconciled(listRows, current);
      return left.size === current.size ? current : left;
    });
  }, [listRows]);

  const drop = useCallback((uid: string) => {
    setPending((current) => {
      if (!current.has(uid)) return current;
      const next = new Map(current);
      next.delete(uid);
      return next;
    });
  }, []);

  const change = useCallback(
    async (inbound: Inbound, next: OperatorInboundStatus, happenedAt: Date) => {
      const base = rowsRef.current.find((row) => row.uid === inbound.uid) ?? inbound;
      setPending((current) =>
        new Map(current).set(inbound.uid, {
          status: SHOWN_STATUS[next],
          baseUpdatedAt: base.external_dates.updated_at,
        }),
      );
      try {
        await status.change(inbound.uid, next, happenedAt);
      } catch (error) {
        drop(inbound.uid);
        throw error;
      }
      const name = shortenText(inbound.name, INBOUND_TEXT_LIMITS.receptionNumber);
      toast.success(
        next === 'cancelled'
          ? `Inbound ${name} deleted`
          : `Inbound ${name} marked as ${INBOUND_STATUS_LABELS[SHOWN_STATUS[next]]}`,
      );
    },
    [status.change, toast, drop],
  );

  const applyPending = useCallback((rows: Inbound[]) => withPendingStatuses(rows, pending), [pending]);

  return { change, applyPending, isPending: status.isPending, reset: status.reset };
}
