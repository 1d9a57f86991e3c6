import type { Hold } from '@waybill/contracts';
import { createContext, useContext } from 'react';

/** Order uid → its hold, from the one `holds.live` of the signed-in area. */
export const HoldsContext = createContext<Readonly<Record<string, Hold>>>({});

export interface HoldActions {
  /** Takes the order; held by someone else, asks first (the take-over dialog). */
  take: (orderUid: string) => void;
  release: (orderUid: string) => void;
  /** The signed-in user's uid (a hold of theirs reads "Release"). */
  myUid: string | null;
}

export const HoldActionsContext = createContext<HoldActions>({
  take: () => {},
  release: () => {},
  myUid: null,
});

export function useHold(orderUid: string): Hold | null {
  return useContext(HoldsContext)[orderUid] ?? null;
}

export function useHolds(): Readonly<Record<string, Hold>> {
  return useContext(HoldsContext);
}

export function useHoldActions(): HoldActions {
  return useContext(HoldActionsContext);
}
