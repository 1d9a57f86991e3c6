import { useCallback } from 'react';
import { trpc } from '../../lib/trpc.js';

// Comments already sent to mark_seen in this tab: an overview re-rendering never sends twice.
const sent = new Set<string>();

/** orders.comments.markSeen for each uid not sent yet; failures are dropped so a later view retries. */
export function useMarkSeen(): (commentUids: readonly string[]) => void {
  const mutation = trpc.orders.comments.markSeen.useMutation();
  const { mutate } = mutation;
  return useCallback(
    (commentUids: readonly string[]) => {
      for (const commentUid of commentUids) {
        if (sent.has(commentUid)) continue;
        sent.add(commentUid);
        mutate({ commentUid }, { onError: () => sent.delete(commentUid) });
      }
    },
    [mutate],
  );
}

/** Test hook: forget what was sent. */
export function resetMarkSeen(): void {
  sent.clear();
}
