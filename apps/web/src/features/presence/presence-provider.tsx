import type { PresenceSnapshot } from '@waybill/contracts';
import { type ReactNode, useState } from 'react';
import { PresenceContext } from '../../hooks/use-presence.js';
import { trpc } from '../../lib/trpc.js';

/**
 * One `presence.watch` for the signed-in area: each message is the whole map, so a dropped socket
 * that reconnects simply gets the current one. Without it (an error) nobody is shown.
 */
export function PresenceProvider({ children }: { children: ReactNode }) {
  const [orders, setOrders] = useState<PresenceSnapshot['orders']>({});
  trpc.presence.watch.useSubscription(undefined, {
    onData: (snapshot) => setOrders(snapshot.orders),
    onError: () => setOrders({}),
  });
  return <PresenceContext.Provider value={orders}>{children}</PresenceContext.Provider>;
}
