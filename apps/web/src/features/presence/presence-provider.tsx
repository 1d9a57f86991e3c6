import type { PresenceSnapshot } from '@waybill/contracts';
import { type ReactNode, useState } from 'react';
import { PresenceContext } from '../../hooks/use-presence.js';
import { trpc } from '../../lib/trpc.js';

/**
 * One `presence.watch` for the signed-in area: each message is the whole map, so a dropped socket
 * that reconnects gets the current one (nothing when it already has it). Without it (an error) nobody is shown.
 */
export function PresenceProvider({ children }: { children: ReactNode }) {
  const [orders, setOrders] = useState<PresenceSnapshot['orders']>({});
  trpc.presence.watch.useSubscription(undefined, {
    onData: ({ data }) => setOrders(data.orders),
    onError: () => setOrders({}),
  });
  return <PresenceContext.Provider value={orders}>{children}</PresenceContext.Provider>;
}
