import { useLiveOrder } from '../../../hooks/use-live-order.js';

function LiveOrder({ uid }: { uid: string }) {
  useLiveOrder(uid);
  return null;
}

/**
 * Keeps each held order the list does not carry live for the Mine view (one orders.detailLive each,
 * shared by the user's tabs at the gateway); draws nothing.
 */
export function MineOrdersLive({ uids }: { uids: readonly string[] }) {
  return uids.map((uid) => <LiveOrder key={uid} uid={uid} />);
}
