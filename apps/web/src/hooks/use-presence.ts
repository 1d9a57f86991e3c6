import { useSubscription } from '@trpc/tanstack-react-query';
import type { PresenceSnapshot, PresenceViewer } from '@waybill/contracts';
import { createContext, useContext } from 'react';
import { useTRPC } from '../lib/trpc.js';

/** Order uid → the other users who have it open, from the one `presence.watch` of the page. */
export const PresenceContext = createContext<PresenceSnapshot['orders']>({});

const NOBODY: readonly PresenceViewer[] = [];

/** True while the connection is lost: the presence shown is the last one heard, maybe out of date. */
export const PresenceStaleContext = createContext(false);

/** Whether the presence shown may be out of date (the connection is lost). */
export function usePresenceStale(): boolean {
  return useContext(PresenceStaleContext);
}

/** The other users on an order right now (empty when nobody else, or presence is unavailable). */
export function useViewers(orderUid: string): readonly PresenceViewer[] {
  return useContext(PresenceContext)[orderUid] ?? NOBODY;
}

/**
 * Tells colleagues this tab has `orderUid` open (and is writing a comment, with `typing`: a key
 * pressed in the editor in the last 5 s, `useTypingWindow`) for as long as the component stays mounted. Ephemeral: it lives on the websocket, nothing is stored.
 * A refusal (a presence cap) only means the others do not see this tab; nothing to show.
 */
export function useAnnouncePresence(orderUid: string | null, typing: boolean): void {
  const trpc = useTRPC();
  useSubscription(
    trpc.presence.here.subscriptionOptions(
      { orderUid: orderUid ?? '', typing },
      { enabled: Boolean(orderUid), onError: () => {} },
    ),
  );
}
