import { MAX_LOADED_ROWS, PAGE_SIZE, pageHasMore } from '@waybill/contracts';
import { useEffect, useState } from 'react';
import {
  extendOrderQueue,
  queueNeighbours,
  useOrderQueue,
} from '../../../components/comments/order-sequence.js';
import { useTRPCClient } from '../../../lib/trpc.js';

/**
 * The previous and next orders with comments around `uid` in the list the user came from. When no
 * later order with comments is loaded and the list has more, the next pages of the same filter are
 * read (one at a time, up to the loaded-rows limit) until one turns up or the list ends.
 */
export function useQueueNeighbours(uid: string | null): { previous: string | null; next: string | null } {
  const queue = useOrderQueue();
  const client = useTRPCClient();
  const around = uid ? queueNeighbours(queue.entries, uid) : { previous: null, next: null, index: -1 };
  const skip = queue.entries.length;
  const [failedAt, setFailedAt] = useState<number | null>(null);
  const readMore =
    around.index >= 0 &&
    around.next === null &&
    queue.hasMore &&
    queue.filter !== null &&
    skip <= MAX_LOADED_ROWS - PAGE_SIZE &&
    failedAt !== skip;

  useEffect(() => {
    if (!readMore || !queue.filter) return;
    let cancelled = false;
    client.orders.search
      .query({ filter: queue.filter, window: { skip, limit: PAGE_SIZE } })
      .then((answer) => {
        if (cancelled) return;
        extendOrderQueue(
          skip,
          answer.orders.map((o) => ({ uid: o.uid, commented: o.comments.count_ > 0 })),
          pageHasMore(answer.orders.length),
        );
      })
      // The arrow stays disabled; opening the detail again tries again.
      .catch(() => !cancelled && setFailedAt(skip));
    return () => {
      cancelled = true;
    };
  }, [readMore, skip, queue.filter, client]);

  return { previous: around.previous, next: around.next };
}
