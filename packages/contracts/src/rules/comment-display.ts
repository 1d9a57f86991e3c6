import type { Comment } from '../backend/orders.js';
import {
  ESCALATION_MINUTES,
  LATE_BADGE_DAYS_MIN_MINUTES,
  LATE_BADGE_HOURS_MIN_MINUTES,
} from '../constants.js';
import { COMMENT_AGE_HIDDEN_STATUSES } from '../enums/order-status.js';
import { DAY_MS, HOUR_MS, MINUTE_MS, parseServerTime } from './time.js';

/** Comment display rules ("Comments"): kind, unread, author, snooze and late badges, row icon, latest. */
type ActionState = Comment['actions']['snooze'];
type CommentLike = Pick<Comment, 'created_at' | 'actions'>;

export type CommentKind = 'escalated' | 'snoozed' | 'plain';

const shown = (a: Pick<ActionState, 'active' | 'was_active'>) => a.active || a.was_active;

/** Escalation takes display precedence over snooze; each counts when active or was_active. */
export function commentKind(comment: Pick<Comment, 'actions'>): CommentKind {
  if (shown(comment.actions.escalate)) return 'escalated';
  if (shown(comment.actions.snooze)) return 'snoozed';
  return 'plain';
}

/** A comment is unread if the current user has no seen_at, or the comment is newer than it. */
export function isCommentUnread(comment: Pick<Comment, 'created_at' | 'seen_by'>, userUid: string): boolean {
  const seen = comment.seen_by.filter((s) => s.user_uid === userUid);
  if (seen.length === 0) return true;
  const created = parseServerTime(comment.created_at)?.getTime();
  if (created === undefined) return false;
  const latestSeen = Math.max(
    ...seen.map((s) => parseServerTime(s.seen_at)?.getTime() ?? Number.NEGATIVE_INFINITY),
  );
  return created > latestSeen;
}

export function unreadCount(
  comments: readonly Pick<Comment, 'created_at' | 'seen_by'>[],
  userUid: string,
): number {
  return comments.reduce((n, c) => n + (isCommentUnread(c, userUid) ? 1 : 0), 0);
}

/** Author name; an author with no name (or an anonymous one without a name) shows as 'Anonymous'. */
export function commentAuthorName(comment: Pick<Comment, 'user'>): string {
  const user = comment.user;
  const anonymous = user?.anonymous;
  const name = anonymous?.is_anonymous ? anonymous.name : (user?.name ?? anonymous?.name);
  return name?.trim() ? name.trim() : 'Anonymous';
}

/** Comment age is hidden for delivered, back_to_sender and lost orders. */
export function isCommentAgeHidden(status: string): boolean {
  return (COMMENT_AGE_HIDDEN_STATUSES as readonly string[]).includes(status);
}

/** Snooze end: `until` while active, `was_until` once it was active. */
export function snoozeEnd(snooze: ActionState): Date | null {
  if (snooze.active) return parseServerTime(snooze.until);
  if (snooze.was_active) return parseServerTime(snooze.was_until);
  return null;
}

/** Remaining time of an active snooze: minutes under an hour, hours under a day, days under a week, then weeks. */
export function snoozeRemainingText(until: Date, now: Date): string | null {
  const ms = until.getTime() - now.getTime();
  if (!(ms > 0)) return null;
  if (ms < HOUR_MS) return `${Math.ceil(ms / MINUTE_MS)}m`;
  if (ms < DAY_MS) return `${Math.floor(ms / HOUR_MS)}h`;
  if (ms < 7 * DAY_MS) return `${Math.floor(ms / DAY_MS)}d`;
  return `${Math.floor(ms / (7 * DAY_MS))}w`;
}

export interface LateBadge {
  unit: 'hours' | 'days' | 'weeks';
  value: number;
  text: string;
}

/**
 * 'late' badge for the latest comment past its snooze end. A span (creation to snooze end) under a
 * day shows hours once at least 60 minutes late; a longer span shows days (weeks from 7 days) once
 * at least 1440 minutes late.
 */
export function snoozeLateBadge(comment: CommentLike, now: Date): LateBadge | null {
  const end = snoozeEnd(comment.actions.snooze);
  const start = parseServerTime(comment.created_at);
  if (!end || !start) return null;
  const lateMinutes = (now.getTime() - end.getTime()) / MINUTE_MS;
  const spanMs = end.getTime() - start.getTime();
  if (spanMs < DAY_MS) {
    if (lateMinutes < LATE_BADGE_HOURS_MIN_MINUTES) return null;
    const value = Math.floor(lateMinutes / 60);
    return { unit: 'hours', value, text: `${value}h late` };
  }
  if (lateMinutes < LATE_BADGE_DAYS_MIN_MINUTES) return null;
  const days = Math.floor(lateMinutes / 1440);
  if (days < 7) return { unit: 'days', value: days, text: `${days}d late` };
  const weeks = Math.floor(days / 7);
  return { unit: 'weeks', value: weeks, text: `${weeks}w late` };
}

export type SnoozeIcon = 'hour' | 'day' | 'week';

/** Snooze icon by span: hour under a day (24 h), day up to 168 hours, week beyond. */
export function snoozeIconForHours(hours: number): SnoozeIcon {
  if (hours < 24) return 'hour';
  if (hours <= 168) return 'day';
  return 'week';
}

export type OrderCommentIcon = 'add' | 'escalated' | 'late' | SnoozeIcon;

/**
 * Icon in an order row from its comments summary: a plus to add when there is no status, the
 * escalated icon, or a snooze icon by the time left until `until` (the summary has no start),
 * the late icon once `until` has passed.
 */
export function orderCommentIcon(
  summary: { status: 'escalated' | 'snoozed' | null; until: string | null },
  now: Date,
): OrderCommentIcon {
  if (summary.status === null) return 'add';
  if (summary.status === 'escalated') return 'escalated';
  const until = parseServerTime(summary.until);
  if (!until) return 'hour';
  const hoursLeft = (until.getTime() - now.getTime()) / HOUR_MS;
  if (hoursLeft <= 0) return 'late';
  return snoozeIconForHours(hoursLeft);
}

/** A new escalation lasts 525600 minutes (one year). */
export function escalationUntil(now: Date): Date {
  return new Date(now.getTime() + ESCALATION_MINUTES * MINUTE_MS);
}

/** A snooze lasts its hours x 60 minutes. */
export function snoozeUntil(now: Date, hours: number): Date {
  return new Date(now.getTime() + hours * 60 * MINUTE_MS);
}

/**
 * On save, the latest previous comment's active snooze/escalate become not active and was-active
 * (for the backend-sim). `until` moves to `was_until`; inactive actions are left as they are.
 */
export function retireCommentActions<C extends Pick<Comment, 'actions'>>(previous: C): C {
  const retire = (a: ActionState): ActionState =>
    a.active ? { ...a, active: false, until: null, was_active: true, was_until: a.until } : a;
  return {
    ...previous,
    actions: {
      ...previous.actions,
      escalate: retire(previous.actions.escalate),
      snooze: retire(previous.actions.snooze),
    },
  };
}

/** The "latest" comment: greatest created_at (ties: later in the list). */
export function latestComment<C extends Pick<Comment, 'created_at'>>(comments: readonly C[]): C | undefined {
  let best: C | undefined;
  let bestTime = Number.NEGATIVE_INFINITY;
  for (const c of comments) {
    const t = parseServerTime(c.created_at)?.getTime() ?? Number.NEGATIVE_INFINITY;
    if (best === undefined || t >= bestTime) {
      best = c;
      bestTime = t;
    }
  }
  return best;
}

/** '+ N comments' under the latest one in the overview (none when there is only one). */
export function moreCommentsText(count: number): string | null {
  return count > 1 ? `+ ${count - 1} comments` : null;
}

/** 'N New' unread badge. */
export function unreadBadgeText(count: number): string | null {
  return count > 0 ? `${count} New` : null;
}

/** The 'send as' selector and invalid-address controls appear only for a configured small set of users. */
export function hasAdvancedCommentControls(
  user: { uid: string; email?: string | null | undefined } | null | undefined,
  allowList: readonly string[],
): boolean {
  if (!user) return false;
  const email = user.email?.toLowerCase();
  return allowList.some(
    (entry) => entry === user.uid || (email !== undefined && entry.toLowerCase() === email),
  );
}
