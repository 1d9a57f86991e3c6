import { conflictMessage, type OrderConflict } from '@waybill/contracts';
import { Button } from '../button/button.js';
import styles from './conflict-notice.module.css';

export interface ConflictNoticeProps {
  conflict: OrderConflict;
  now: Date;
  busy?: boolean;
  /** Close the modal and look at the order as it is now. */
  onReview: () => void;
  /** Save what was entered over the other change. */
  onSaveAnyway: () => void;
  /** Why what was entered can no longer be saved on the order as it is now: only REVIEW is offered. */
  unavailable?: string | null;
}

/** Conflict warning rule: "Changed by {name} {time} ago: {what}" ("just now" under 5 s), then REVIEW or SAVE ANYWAY. */
export function ConflictNotice({
  conflict,
  now,
  busy = false,
  onReview,
  onSaveAnyway,
  unavailable = null,
}: ConflictNoticeProps) {
  return (
    <div className={styles.notice} role="alert" data-testid="conflict-warning">
      <p className={styles.message}>{conflictMessage(conflict, now)}</p>
      {unavailable ? <p className={styles.message}>{unavailable}</p> : null}
      <div className={styles.actions}>
        <Button size="sm" onClick={onReview} disabled={busy}>
          REVIEW
        </Button>
        {unavailable ? null : (
          <Button size="sm" variant="primary" onClick={onSaveAnyway} loading={busy}>
            SAVE ANYWAY
          </Button>
        )}
      </div>
    </div>
  );
}
