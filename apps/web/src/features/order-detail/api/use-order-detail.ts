import { applyListMessage, type ListState } from '@waybill/contracts';
import { useRef } from 'react';
import { type RouterOutputs, trpc } from '../../../lib/trpc.js';

type DetailMeta = { detail: RouterOutputs['orders']['detail'] };

/**
 * orders.detail for one uid, kept live by orders.detailLive: the gateway pushes the order's detail
 * (one backend read per change for every viewer), and the pushed state replaces the loaded answer.
 */
export function useOrderDetail(uid: string | null) {
  const utils = trpc.useUtils();
  const detail = trpc.orders.detail.useQuery({ uid: uid ?? '' }, { enabled: uid !== null, retry: 1 });
  const live = useRef<{ uid: string; state: ListState<{ uid: string }, DetailMeta> | null } | null>(null);

  trpc.orders.detailLive.useSubscription(
    { uid: uid ?? '' },
    {
      enabled: uid !== null,
      onData: (message) => {
        const data = message.data;
        if (!uid || data.kind === 'health') return;
        const prev = live.current?.uid === uid ? live.current.state : null;
        // A patch before this order's snapshot (the uid just changed) waits for the resync.
        if (data.kind === 'patch' && !prev) return;
        const state = applyListMessage<{ uid: string }, DetailMeta>(prev, data);
        live.current = { uid, state };
        utils.orders.detail.setData({ uid }, state.meta.detail);
      },
      // Live updates are a convenience here; the detail stays usable without them.
      onError: () => undefined,
    },
  );

  return detail;
}
