import { Button } from '../../../../components/button/button.js';
import { useHoldActions, useHolds } from '../../../../components/holds/holds-context.js';
import { colleagueHolds } from '../../lib/colleague-holds.js';
import styles from './bulk.module.css';

/**
 * In a bulk action's modal: which ticked orders colleagues hold, live, with a way to untick those
 * (`onLeaveOut`, offered while some ticked orders are nobody else's). Nothing when none is held.
 */
export function ColleagueHoldsNotice({
  orderUids,
  onLeaveOut,
}: {
  orderUids: readonly string[];
  onLeaveOut?: ((uids: string[]) => void) | undefined;
}) {
  const holds = useHolds();
  const { myUid } = useHoldActions();
  const held = colleagueHolds(orderUids, holds, myUid);
  if (!held) return null;
  return (
    <div className={styles.holdsNotice} data-testid="bulk-colleague-holds">
      <p>{held.text}</p>
      {onLeaveOut && held.uids.length < orderUids.length ? (
        <Button size="sm" onClick={() => onLeaveOut(held.uids)}>
          Leave them out
        </Button>
      ) : null}
    </div>
  );
}
