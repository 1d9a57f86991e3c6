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
import { formatZoned } from '../../lib/format-date.js';
import type { TimeMode } from '../../lib/time-mode.js';
import styles from './comment-item.module.css';
import { CommentStatusIcon } from './comment-status-icon.js';

export interface CommentItemProps {
  comment: Comment;
  /** The latest comment of the order: only it can carry the 'late' badge. */
  isLatest: boolean;
  unread: boolean;
  now: Date;
  /** The header's switch: times in the browser's zone (the default), or the warehouse's. */
  timeMode?: TimeMode;
  warehouseTimeZone?: string | null;
}

export const TEAM_LABELS: Record<Team, string> = {
  development: 'Development',
  'non-technical': 'Non-technical',
};

/** A comment's times, English and 24-hour, in the zone the header's switch names (as the order's own). */
interface CommentTimes {
  when: (value: string | null | undefined) => string | null;
  day: (value: string | null | undefined) => string | null;
}

function commentTimes(mode: TimeMode, zone: string | null | undefined): CommentTimes {
  const shown = (pattern: string) => (value: string | null | undefined) => {
    const text = formatZoned(value, mode, zone, pattern);
    return text === '-' ? null : text;
  };
  return { when: shown('dd MMM yyyy, HH:mm'), day: shown('dd MMM yyyy') };
}

/** One comment of the full list: author, time, text and its escalated/snoozed state. */
export function CommentItem({
  comment,
  isLatest,
  unread,
  now,
  timeMode = 'local',
  warehouseTimeZone,
}: CommentItemProps) {
  const kind = commentKind(comment);
  const times = commentTimes(timeMode, warehouseTimeZone);
  const created = times.when(comment.created_at);
  return (
    <li className={styles.item} data-testid="comment-item" data-kind={kind} data-uid={comment.uid}>
      <div className={styles.head}>
        <span className={styles.author}>{commentAuthorName(comment)}</span>
        {created ? <time dateTime={comment.created_at}>{created}</time> : null}
        {unread ? <span className={styles.new}>New</span> : null}
      </div>
      <p className={styles.text}>{commentTextShown(comment.text)}</p>
      {kind === 'escalated' ? <EscalatedLine comment={comment} times={times} /> : null}
      {kind === 'snoozed' ? (
        <SnoozedLine comment={comment} isLatest={isLatest} now={now} times={times} />
      ) : null}
    </li>
  );
}

function EscalatedLine({ comment, times: { day } }: { comment: Comment; times: CommentTimes }) {
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

function SnoozedLine({
  comment,
  isLatest,
  now,
  times: { when, day },
}: {
  comment: Comment;
  isLatest: boolean;
  now: Date;
  times: CommentTimes;
}) {
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
