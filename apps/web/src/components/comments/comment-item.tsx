import {
  type Comment,
  commentAuthorName,
  commentKind,
  commentTextShown,
  parseServerTime,
  snoozeLateBadge,
  snoozeRemainingText,
  type Team,
} from '@waybill/contracts';
import { format } from 'date-fns';
import styles from './comment-item.module.css';
import { CommentStatusIcon } from './comment-status-icon.js';

export interface CommentItemProps {
  comment: Comment;
  /** The latest comment of the order: only it can carry the 'late' badge. */
  isLatest: boolean;
  unread: boolean;
  now: Date;
}

export const TEAM_LABELS: Record<Team, string> = {
  development: 'Development',
  'non-technical': 'Non-technical',
};

// Order detail times: the browser's zone, English, 24-hour.
const when = (value: string | null | undefined) => {
  const date = parseServerTime(value);
  return date ? format(date, 'dd MMM yyyy, HH:mm') : null;
};
const day = (value: string | null | undefined) => {
  const date = parseServerTime(value);
  return date ? format(date, 'dd MMM yyyy') : null;
};

/** One comment of the full list: author, time, text and its escalated/snoozed state. */
export function CommentItem({ comment, isLatest, unread, now }: CommentItemProps) {
  const kind = commentKind(comment);
  const created = when(comment.created_at);
  return (
    <li className={styles.item} data-testid="comment-item" data-kind={kind} data-uid={comment.uid}>
      <div className={styles.head}>
        <span className={styles.author}>{commentAuthorName(comment)}</span>
        {created ? <time dateTime={comment.created_at}>{created}</time> : null}
        {unread ? <span className={styles.new}>New</span> : null}
      </div>
      <p className={styles.text}>{commentTextShown(comment.text)}</p>
      {kind === 'escalated' ? <EscalatedLine comment={comment} /> : null}
      {kind === 'snoozed' ? <SnoozedLine comment={comment} isLatest={isLatest} now={now} /> : null}
    </li>
  );
}

function EscalatedLine({ comment }: { comment: Comment }) {
  const team = comment.team ? TEAM_LABELS[comment.team] : null;
  const { escalate } = comment.actions;
  return (
    <div className={styles.state} data-testid="comment-state">
      <CommentStatusIcon icon="escalated" size={12} />
      <span>Escalated{team ? ` to ${team}` : ''}</span>
      {!escalate.active && escalate.was_active ? (
        <span className={styles.muted}>
          {' '}
          · {day(comment.created_at)}
          {escalate.was_until ? ` – ${day(escalate.was_until)}` : ''}
        </span>
      ) : null}
    </div>
  );
}

function SnoozedLine({ comment, isLatest, now }: { comment: Comment; isLatest: boolean; now: Date }) {
  const { snooze } = comment.actions;
  if (snooze.active) {
    const until = parseServerTime(snooze.until);
    const remaining = until ? snoozeRemainingText(until, now) : null;
    return (
      <div className={styles.state} data-testid="comment-state">
        <CommentStatusIcon icon="hour" size={12} />
        <span>Snoozed</span>
        {remaining ? <span className={styles.remaining}>{remaining} left</span> : null}
        {until ? <span className={styles.muted}> · until {when(snooze.until)}</span> : null}
      </div>
    );
  }
  // Was active: 'Snoozed' with its date range; the latest comment past its end gets a late badge.
  const start = day(comment.created_at);
  const end = day(snooze.was_until);
  const late = isLatest ? snoozeLateBadge(comment, now) : null;
  return (
    <div className={styles.state} data-testid="comment-state">
      <CommentStatusIcon icon={late ? 'late' : 'hour'} size={12} />
      <span>Snoozed</span>
      <span className={styles.muted}>
        {' '}
        · {start && end && start !== end ? `${start} – ${end}` : (end ?? start)}
      </span>
      {late ? (
        <span className={styles.late} data-unit={late.unit}>
          {late.text}
        </span>
      ) : null}
    </div>
  );
}
