import { useSubscription } from '@trpc/tanstack-react-query';
import type { ViewCounts } from '@waybill/contracts';
import { useRef, useState } from 'react';
import { useTRPC } from '../../../lib/trpc.js';

/**
 * Each listed saved view's order count, pushed by the gateway when it changes (no polling).
 * `onListChanged` hears that the views it counts are not the ones shown (a colleague shared,
 * withdrew, renamed or refiltered one), so the menu re-reads its list: `listing` (the token
 * `views.list` gave with the shown views) hashes every listed view whole, keys and names alike.
 */
export function useViewCounts(enabled: boolean, listing: string | undefined, onListChanged: () => void) {
  const trpc = useTRPC();
  const [counts, setCounts] = useState<ViewCounts['counts']>({});
  const latest = useRef({ listing, onListChanged });
  latest.current = { listing, onListChanged };
  useSubscription(
    trpc.views.counts.subscriptionOptions(undefined, {
      enabled,
      onData: ({ data }) => {
        setCounts(data.counts);
        if (data.listing !== latest.current.listing) latest.current.onListChanged();
      },
    }),
  );
  return counts;
}
