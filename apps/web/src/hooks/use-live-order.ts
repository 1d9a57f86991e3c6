import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSubscription } from '@trpc/tanstack-react-query';
import { applyListMessage, type ListState } from '@waybill/contracts';
import { useRef, useState } from 'react';
import { isOutageError, outageRetryDelay, retryOutages } from '../lib/outage.js';
import { type RouterOutputs, useTRPC } from '../lib/trpc.js';
import { useConnectionState } from './use-connection-state.js';
import type { LivePause } from './use-live-list.js';
import { useRetryAfterOutage } from './use-retry-after-outage.js';

type DetailMeta = { detail: RouterOutputs['orders']['detail'] };

/**
 * orders.detail for one uid, kept live by orders.detailLive: the gateway pushes the order's detail
 * (one backend read per change of the order per user, whatever their tabs), and the pushed state
 * replaces the loaded answer. The order detail and the Mine view's held orders outside the list use it.
 *
 * Outages: a first load that cannot reach the server is retried every few seconds for as long as
 * the detail is open (`isRetryingOutage` says so), so it fills in by itself afterwards. While live
 * updates do not arrive (the gateway paused them, the socket is lost, or the subscription failed for
 * an outage and is tried again every few seconds) `pause` says since when the shown detail dates.
 */
export function useLiveOrder(uid: string | null) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const connection = useConnectionState();
  const detail = useQuery(
    trpc.orders.detail.queryOptions(
      { uid: uid ?? '' },
      { enabled: uid !== null, retry: retryOutages(1), retryDelay: outageRetryDelay },
    ),
  );
  const live = useRef<{ uid: string; state: ListState<{ uid: string }, DetailMeta> | null } | null>(null);
  const [stopped, setStopped] = useState<{ uid: string; dataAt: number } | null>(null);
  const loadedAt = useRef(detail.dataUpdatedAt);
  loadedAt.current = detail.dataUpdatedAt;

  const subscription = useSubscription(
    trpc.orders.detailLive.subscriptionOptions(
      { uid: uid ?? '' },
      {
        enabled: uid !== null,
        onData: (message) => {
          const data = message.data;
          if (!uid) return;
          if (data.kind === 'health') {
            setStopped(data.paused ? { uid, dataAt: data.dataAt } : null);
            return;
          }
          setStopped(null);
          const prev = live.current?.uid === uid ? live.current.state : null;
          // A patch before this order's snapshot (the uid just changed) waits for the resync.
          if (data.kind === 'patch' && !prev) return;
          const state = applyListMessage<{ uid: string }, DetailMeta>(prev, data);
          live.current = { uid, state };
          queryClient.setQueryData(trpc.orders.detail.queryKey({ uid }), state.meta.detail);
        },
        // Live updates are a convenience here; the detail stays usable without them. An outage is
        // said (as a pause) and the subscription tried again below.
        onError: (error) => {
          if (uid && isOutageError(error)) setStopped({ uid, dataAt: loadedAt.current || Date.now() });
        },
      },
    ),
  );
  useRetryAfterOutage(subscription);

  const stoppedAt = stopped && stopped.uid === uid ? stopped.dataAt : null;
  const socketAt = detail.data && connection.status === 'reconnecting' ? connection.downSince : null;
  const pausedAt =
    stoppedAt !== null && socketAt !== null ? Math.min(stoppedAt, socketAt) : (stoppedAt ?? socketAt);
  const pause: LivePause | null = pausedAt !== null ? { dataAt: pausedAt } : null;
  /** No answer yet, and the last try could not reach the server: retrying by itself. */
  const isRetryingOutage =
    !detail.data && !detail.isError && detail.failureCount > 0 && isOutageError(detail.failureReason);
  return { query: detail, pause, isRetryingOutage };
}
