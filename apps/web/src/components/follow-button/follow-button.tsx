import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Bell, BellOff } from 'lucide-react';
import { errorMessage } from '../../lib/errors.js';
import { useTRPC } from '../../lib/trpc.js';
import { Button } from '../button/button.js';
import { useToast } from '../toast/toast.js';

/** Follow (opt-in): changes to a followed order arrive in the notification centre. */
export function FollowButton({ orderUid }: { orderUid: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toast = useToast();
  const following = useQuery(trpc.notifications.following.queryOptions({ orderUid }));
  const follow = useMutation(
    trpc.notifications.follow.mutationOptions({
      onSuccess: (answer) =>
        queryClient.setQueryData(trpc.notifications.following.queryKey({ orderUid }), answer),
      onError: (error) => toast.error('Could not change following', errorMessage(error)),
    }),
  );
  const on = following.data?.following ?? false;
  return (
    <Button
      size="sm"
      variant={on ? 'primary' : 'secondary'}
      loading={follow.isPending}
      disabled={!following.isSuccess}
      onClick={() => follow.mutate({ orderUid, follow: !on })}
      data-testid="follow-order"
      title={
        on ? 'You get a notification when this order changes' : 'Get a notification when this order changes'
      }
    >
      {on ? <BellOff size={14} aria-hidden /> : <Bell size={14} aria-hidden />}
      {on ? 'Following' : 'Follow'}
    </Button>
  );
}
