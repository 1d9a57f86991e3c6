import { useSubscription } from '@trpc/tanstack-react-query';
import type { ViewCounts } from '@waybill/contracts';
import { useRef, useState } from 'react';
import { useTRPC } from '../../../lib/trpc.js';

/**
 * Each listed saved view's order count, pushed by the gateway when it changes (no polling).
 * `onListChanged` hears that the views it counts are not the ones given (a colleague shared or
 * withdrew one), so the menu re-reads its list.
 */
export function useViewCounts(enabled: boolean, listed: readonly string[], onListChanged: () => void) {
  const trpc = useTRPC();
  const [counts, setCounts] = useState<ViewCounts['counts']>({});
  const latest = useRef({ listed, onListChanged });
  latest.current = { listed, onListChanged };
  useSubscription(
    trpc.views.counts.subscriptionOptions(undefined, {
      enabled,
      onData: ({ data }) => {
        setCounts(data.counts);
        const keys = Object.keys(data.counts);
        const known = latest.current.listed;
        if (keys.length !== known.length || keys.some((k) => !known.includes(k)))
          latest.current.onListChanged();
      },
    }),
  );
  return counts;
}
