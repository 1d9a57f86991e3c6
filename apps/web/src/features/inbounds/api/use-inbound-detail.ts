import { trpc } from '../../../lib/trpc.js';

/** Inbound detail by uid; not retried, since a failed load closes the popup. */
export function useInboundDetail(uid: string | null) {
  return trpc.inbounds.detail.useQuery(
    { uid: uid ?? '' },
    { enabled: Boolean(uid), retry: false, refetchOnWindowFocus: false },
  );
}
