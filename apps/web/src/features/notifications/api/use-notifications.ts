import { useMutation } from '@tanstack/react-query';
import { useSubscription } from '@trpc/tanstack-react-query';
import type { AppNotification, NotificationState } from '@waybill/contracts';
import { useRef, useState } from 'react';
import { useTRPC } from '../../../lib/trpc.js';

/**
 * The notification centre, pushed whole over the websocket on every change (no polling).
 * `onNew` gets each unread notification that arrived after the first state (not the ones already
 * there), and each one updated since: a colleague's repeated mentions fold into one notification,
 * whose `at` moves on with each, and each still deserves a ping.
 */
export function useNotifications(onNew: (item: AppNotification) => void) {
  const trpc = useTRPC();
  const [state, setState] = useState<NotificationState | null>(null);
  const [failed, setFailed] = useState(false);
  const known = useRef<Map<string, number> | null>(null);
  const onNewRef = useRef(onNew);
  onNewRef.current = onNew;
  useSubscription(
    trpc.notifications.live.subscriptionOptions(undefined, {
      onData: ({ data }) => {
        setFailed(false);
        const seen = known.current;
        if (seen)
          for (const item of data.items) {
            const before = seen.get(item.id);
            if (!item.read && (before === undefined || before < item.at)) onNewRef.current(item);
          }
        known.current = new Map(data.items.map((i) => [i.id, i.at]));
        setState(data);
      },
      onError: () => setFailed(true),
    }),
  );
  const markRead = useMutation(trpc.notifications.markRead.mutationOptions());
  const markAllRead = useMutation(trpc.notifications.markAllRead.mutationOptions());
  return { state, failed, markRead, markAllRead };
}
