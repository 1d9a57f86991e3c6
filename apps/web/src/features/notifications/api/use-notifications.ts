import { useMutation } from '@tanstack/react-query';
import { useSubscription } from '@trpc/tanstack-react-query';
import type { AppNotification, NotificationState } from '@waybill/contracts';
import { useRef, useState } from 'react';
import { useTRPC } from '../../../lib/trpc.js';

/**
 * The notification centre, pushed whole over the websocket on every change (no polling).
 * `onNew` gets each notification that arrived after the first state (not the ones already there).
 */
export function useNotifications(onNew: (item: AppNotification) => void) {
  const trpc = useTRPC();
  const [state, setState] = useState<NotificationState | null>(null);
  const [failed, setFailed] = useState(false);
  const known = useRef<Set<string> | null>(null);
  const onNewRef = useRef(onNew);
  onNewRef.current = onNew;
  useSubscription(
    trpc.notifications.live.subscriptionOptions(undefined, {
      onData: ({ data }) => {
        setFailed(false);
        const seen = known.current;
        if (seen) for (const item of data.items) if (!seen.has(item.id) && !item.read) onNewRef.current(item);
        known.current = new Set(data.items.map((i) => i.id));
        setState(data);
      },
      onError: () => setFailed(true),
    }),
  );
  const markRead = useMutation(trpc.notifications.markRead.mutationOptions());
  const markAllRead = useMutation(trpc.notifications.markAllRead.mutationOptions());
  return { state, failed, markRead, markAllRead };
}
