import { Bell, BellOff } from 'lucide-react';
import { errorMessage } from '../../lib/errors.js';
import { trpc } from '../../lib/trpc.js';
import { Button } from '../button/button.js';
import { useToast } from '../toast/toast.js';

/** Follow (opt-in): changes to a followed order arrive in the notification centre. */
export function FollowButton({ orderUid }: { orderUid: string }) {
  const utils = trpc.useUtils();
  const toast = useToast();
  const following = trpc.notifications.following.useQuery({ orderUid });
  const follow = trpc.notifications.follow.useMutation({
    onSuccess: (answer) => utils.notifications.following.setData({ orderUid }, answer),
    onError: (error) => toast.error('Could not change following', errorMessage(error)),
  });
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
