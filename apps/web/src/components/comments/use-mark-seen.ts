import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { type Comment, withCommentSeen } from '@waybill/contracts';
import { useCallback } from 'react';
import { useTRPC } from '../../lib/trpc.js';

// Comments already sent to mark_seen in this tab: an overview re-rendering never sends twice.
const sent = new Set<string>();

/** Query-cache keys of the order lists (hooks/use-live-list's liveListKey for scope 'orders'). */
const ORDER_LISTS = ['orders', 'live-list'] as const;

interface CachedList {
  rows: unknown[];
  meta: { comments?: Comment[]; commentCounts?: { uid: string; total: number; unread: number }[] };
}

/**
 * orders.comments.markSeen for each uid not sent yet; failures are dropped so a later view retries.
 * Once the backend took it, every cached order list shows the comment seen (its row's 'N New' drops
 * at once, not at the next refresh). A later live patch leaves that alone: the gateway's next read
 * has the comment seen too.
 */
export function useMarkSeen(): (commentUids: readonly string[]) => void {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  // On the mutation itself, not on each call: it runs even if the overview that asked has gone.
  const mutation = useMutation(
    trpc.orders.comments.markSeen.mutationOptions({
      onSuccess: ({ comment }) => {
        const viewer = viewerUid(queryClient);
        if (!viewer) return;
        queryClient.setQueriesData<CachedList>({ queryKey: ORDER_LISTS }, (list) =>
          list?.meta ? { ...list, meta: withCommentSeen(list.meta, comment, viewer) } : list,
        );
      },
    }),
  );
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

/** The signed-in user's uid, from the cached users.me answer (tRPC's key starts with its path). */
function viewerUid(queryClient: QueryClient): string | null {
  for (const [, data] of queryClient.getQueriesData<{ user?: { uid?: unknown } }>({
    queryKey: [['users', 'me']],
  }))
    if (typeof data?.user?.uid === 'string') return data.user.uid;
  return null;
}

/** Test hook: forget what was sent. */
export function resetMarkSeen(): void {
  sent.clear();
}
