import { useSubscription } from '@trpc/tanstack-react-query';
import type { PresenceSnapshot } from '@waybill/contracts';
import { type ReactNode, useState } from 'react';
import { useConnectionState } from '../../hooks/use-connection-state.js';
import { PresenceContext, PresenceStaleContext } from '../../hooks/use-presence.js';
import { useRetryAfterOutage } from '../../hooks/use-retry-after-outage.js';
import { useTRPC } from '../../lib/trpc.js';

/**
 * One `presence.watch` for the signed-in area: each message is the whole map, so a dropped socket
 * that reconnects gets the current one (nothing when it already has it). Without it (an error) nobody is shown.
 * While the connection is lost the last map stays, marked stale (greyed, "may be out of date").
 */
export function PresenceProvider({ children }: { children: ReactNode }) {
  const trpc = useTRPC();
  const [orders, setOrders] = useState<PresenceSnapshot['orders']>({});
  const watch = useSubscription(
    trpc.presence.watch.subscriptionOptions(undefined, {
      onData: ({ data }) => setOrders(data.orders),
      onError: () => setOrders({}),
    }),
  );
  // A watch ended by an outage on the way is tried again every few seconds.
  useRetryAfterOutage(watch);
  const stale = useConnectionState().status === 'reconnecting';
  return (
    <PresenceStaleContext.Provider value={stale}>
      <PresenceContext.Provider value={orders}>{children}</PresenceContext.Provider>
    </PresenceStaleContext.Provider>
  );
}
