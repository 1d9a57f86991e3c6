import { Hand } from 'lucide-react';
import { Button } from '../button/button.js';
import { HoldAvatar } from './hold-avatar.js';
import styles from './holds.module.css';
import { useHold, useHoldActions } from './holds-context.js';
import { useDetailTakeKey } from './use-take-key.js';

/** The detail header's holder and its Take / Release button; `t` takes the open order. */
export function HoldControl({ orderUid }: { orderUid: string }) {
  const hold = useHold(orderUid);
  const { take, release, myUid } = useHoldActions();
  useDetailTakeKey(orderUid, take);
  const mine = hold !== null && hold.holder.uid === myUid;
  return (
    <span className={styles.control} data-testid="hold-control">
      <HoldAvatar orderUid={orderUid} size="large" />
      {mine ? (
        <Button size="sm" onClick={() => release(orderUid)}>
          Release
        </Button>
      ) : (
        <Button size="sm" onClick={() => take(orderUid)} aria-keyshortcuts="t">
          <Hand size={14} aria-hidden /> Take
        </Button>
      )}
    </span>
  );
}
