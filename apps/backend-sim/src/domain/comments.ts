import type { Team } from '@waybill/contracts';
import type { ActionState, SimComment, SimOrder, SimUser } from '../data/types.js';
import { MINUTE } from '../util/time.js';

export interface NewComment {
  uid: string;
  text: string;
  team: Team | null;
  escalateMinutes: number | null;
  snoozeMinutes: number | null;
  method: string;
  user: SimUser | null;
  nowMs: number;
}

const idle = (): ActionState => ({ active: false, untilMs: null, was_active: false, wasUntilMs: null });

/** An action is in force while active and not past its end. */
export function inForce(action: ActionState, nowMs: number): boolean {
  return action.active && (action.untilMs === null || action.untilMs > nowMs);
}

/** What the action looks like at `nowMs`: an expired active action reads as was_active. */
export function effectiveAction(action: ActionState, nowMs: number): ActionState {
  if (!action.active || inForce(action, nowMs)) return action;
  return { active: false, untilMs: null, was_active: true, wasUntilMs: action.untilMs };
}

function retire(action: ActionState): void {
  if (!action.active) return;
  action.active = false;
  action.was_active = true;
  action.wasUntilMs = action.untilMs;
  action.untilMs = null;
}

/**
 * Comments: on save, the previous latest comment's active snooze/escalate become not active and
 * was_active. A new escalation lasts escalateMinutes, a snooze snoozeMinutes.
 */
export function addComment(order: SimOrder, input: NewComment): SimComment {
  const previous = order.comments[order.comments.length - 1];
  if (previous) {
    retire(previous.escalate);
    retire(previous.snooze);
  }
  const escalate = idle();
  if (input.escalateMinutes !== null) {
    escalate.active = true;
    escalate.untilMs = input.nowMs + input.escalateMinutes * MINUTE;
  }
  const snooze = idle();
  if (input.snoozeMinutes !== null) {
    snooze.active = true;
    snooze.untilMs = input.nowMs + input.snoozeMinutes * MINUTE;
  }
  const comment: SimComment = {
    uid: input.uid,
    organization_uid: order.organization_uid,
    order_uid: order.uid,
    createdMs: input.nowMs,
    text: input.text,
    team: input.team,
    user_uid: input.user?.uid ?? null,
    userName: input.user?.name ?? null,
    anonymous: input.user === null,
    method: input.method,
    escalate,
    snooze,
    // The author has seen their own comment.
    seen_by: input.user ? [{ user_uid: input.user.uid, seenMs: input.nowMs }] : [],
  };
  order.comments.push(comment);
  return comment;
}

export function markSeen(comment: SimComment, userUid: string, nowMs: number): void {
  const entry = comment.seen_by.find((s) => s.user_uid === userUid);
  if (entry) entry.seenMs = nowMs;
  else comment.seen_by.push({ user_uid: userUid, seenMs: nowMs });
}

/** Snoozed: the latest comment's snooze is in force (an escalation counts as active, not snoozed). */
export function isSnoozed(order: SimOrder, nowMs: number): boolean {
  const latest = order.comments[order.comments.length - 1];
  return latest !== undefined && inForce(latest.snooze, nowMs) && !inForce(latest.escalate, nowMs);
}

export interface CommentsSummary {
  count_: number;
  status: 'escalated' | 'snoozed' | null;
  team: Team | null;
  untilMs: number | null;
}

/**
 * The order's comments summary, from its latest comment; escalation takes precedence over snooze.
 * A snooze (or escalation) that has run out keeps its status and end: a comment shows as snoozed
 * while its snooze is active or was active, and the row shows the late icon once `until` has passed.
 * A newer comment without actions clears it (the older comment's action is retired, not latest).
 */
export function commentsSummary(order: SimOrder, _nowMs: number): CommentsSummary {
  const latest = order.comments[order.comments.length - 1];
  if (!latest) return { count_: 0, status: null, team: null, untilMs: null };
  const count_ = order.comments.length;
  const escalate = latest.escalate;
  if (escalate.active || escalate.was_active)
    return {
      count_,
      status: 'escalated',
      team: latest.team,
      untilMs: escalate.untilMs ?? escalate.wasUntilMs,
    };
  const snooze = latest.snooze;
  if (snooze.active || snooze.was_active)
    return { count_, status: 'snoozed', team: latest.team, untilMs: snooze.untilMs ?? snooze.wasUntilMs };
  return { count_, status: null, team: latest.team, untilMs: null };
}
