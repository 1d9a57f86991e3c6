import { useQuery } from '@tanstack/react-query';
import { outageRetryDelay, retryOutages } from '../../../lib/outage.js';
import { useTRPC } from '../../../lib/trpc.js';

/**
 * Inbound detail by uid. A refusal (not found, not allowed) is not retried: a failed load closes the
 * popup. A server out of reach is retried every few seconds while the popup is open, so it fills in
 * by itself afterwards instead of closing.
 */
export function useInboundDetail(uid: string | null) {
  const trpc = useTRPC();
  return useQuery(
    trpc.inbounds.detail.queryOptions(
      { uid: uid ?? '' },
      {
        enabled: Boolean(uid),
        retry: retryOutages(0),
        retryDelay: outageRetryDelay,
        refetchOnWindowFocus: false,
      },
    ),
  );
}
