import { useQuery } from '@tanstack/react-query';
import type { Inbound } from '@waybill/contracts';
import { useCallback, useState } from 'react';
import { useTRPC } from '../../../lib/trpc.js';
import { inboundChangeSummary } from '../lib/inbound-changes.js';

/** How often a modal re-reads an inbound that left the list (it may have been cancelled). */
const GONE_RECHECK_MS = 10_000;

/**
 * The inbound an open modal acts on, kept while the list changes under it. `shown` is the version
 * the user saw (at opening, or the last one reviewed); `change` names what someone else changed
 * since, and `review` takes the new version. A row that left the list is read with the detail call.
 */
export function useWatchedInbound(opened: Inbound, listRow: Inbound | undefined) {
  const trpc = useTRPC();
  const [shown, setShown] = useState(opened);
  const detail = useQuery(
    trpc.inbounds.detail.queryOptions(
      { uid: opened.uid },
      { enabled: !listRow, retry: false, refetchOnWindowFocus: false, refetchInterval: GONE_RECHECK_MS },
    ),
  );
  const current = listRow ?? detail.data?.inventory_receipt;
  const change = inboundChangeSummary(shown, current);
  const review = useCallback(() => {
    if (current) setShown(current);
  }, [current]);
  return { shown, change, review };
}
