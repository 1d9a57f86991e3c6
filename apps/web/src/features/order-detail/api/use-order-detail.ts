import { DEFAULT_ORDERS_FILTER, type OrdersFilter } from '@waybill/contracts';
import { useMemo, useRef } from 'react';
import { trpc } from '../../../lib/trpc.js';

const ALL_PRIORITIES = [0, 1, 2, 3, 4, 5];

/** The live filter that follows one order: its reference, every priority, active and snoozed. */
export function liveFilterFor(reference: string): OrdersFilter {
  return {
    ...DEFAULT_ORDERS_FILTER,
    reference,
    displayPriorities: ALL_PRIORITIES,
    activeOrders: 'all',
    assignedUsersUIDS: [],
  };
}

/**
 * orders.detail for one uid, kept live: it subscribes to orders.live for this order's reference and
 * refetches the detail when a pushed patch touches the order (new comments, status changes by others).
 */
export function useOrderDetail(uid: string | null) {
  const utils = trpc.useUtils();
  const detail = trpc.orders.detail.useQuery({ uid: uid ?? '' }, { enabled: uid !== null, retry: 1 });
  const reference = detail.data?.order.reference ?? null;
  const input = useMemo(
    () => ({ filter: liveFilterFor(reference ?? ''), window: { skip: 0, limit: 20 } }),
    [reference],
  );
  const uidRef = useRef(uid);
  uidRef.current = uid;

  trpc.orders.live.useSubscription(input, {
    enabled: uid !== null && reference !== null && reference.length > 0,
    onData: (message) => {
      const data = message.data;
      const current = uidRef.current;
      // The snapshot is what we already loaded; only patches that upsert this order mean a change.
      if (data.kind !== 'patch' || !current) return;
      if (data.upserts.some((row) => row.uid === current))
        void utils.orders.detail.invalidate({ uid: current });
    },
    // Live updates are a convenience here; the detail stays usable without them.
    onError: () => undefined,
  });

  return detail;
}
