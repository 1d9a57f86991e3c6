import { useSubscription } from '@trpc/tanstack-react-query';
import type { ViewCounts } from '@waybill/contracts';
import { useRef, useState } from 'react';
import { useTRPC } from '../../../lib/trpc.js';
import { type ShownViews, viewListOutOfDate } from '../lib/view-list.js';

/**
 * Each listed saved view's order count, pushed by the gateway when it changes (no polling).
 * `onListChanged` hears that the views it counts are not the ones shown (a colleague shared,
 * withdrew, renamed or refiltered one), so the menu re-reads its list.
 */
export function useViewCounts(enabled: boolean, shown: ShownViews, onListChanged: () => void) {
  const trpc = useTRPC();
  const [counts, setCounts] = useState<ViewCounts['counts']>({});
  const latest = useRef({ shown, onListChanged });
  latest.current = { shown, onListChanged };
  useSubscription(
    trpc.views.counts.subscriptionOptions(undefined, {
      enabled,
      onData: ({ data }) => {
        setCounts(data.counts);
        if (viewListOutOfDate(data, latest.current.shown)) latest.current.onListChanged();
      },
    }),
  );
  return counts;
}
