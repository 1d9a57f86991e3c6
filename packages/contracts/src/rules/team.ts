import type { Hold } from '../holds.js';
import type { ActivityEntry, ActivityListInput } from '../team.js';
import { statusGroupOf } from './status-groups.js';

/** The status groups whose orders are done ("Delivered & Done" and "Cancels & Returns"): a hold on one ends. */
export const DONE_STATUS_GROUPS = ['delivered', 'returned', 'canceled', 'lost'] as const;

export function isDoneStatus(status: string): boolean {
  const group = statusGroupOf(status);
  return group !== null && (DONE_STATUS_GROUPS as readonly string[]).includes(group);
}

/** A hold ends `idleMs` after its holder's last action on the order. */
export function isHoldExpired(hold: Pick<Hold, 'lastActionAt'>, now: number, idleMs: number): boolean {
  return Date.parse(hold.lastActionAt) + idleMs <= now;
}

type ActivityFilter = Pick<ActivityListInput, 'userId' | 'actions' | 'from' | 'to'>;

/** Whether an entry passes the activity screen's filter (user, actions, time range, both ends included). */
export function activityMatches(entry: ActivityEntry, filter: ActivityFilter): boolean {
  if (filter.userId && entry.actor.uid !== filter.userId) return false;
  if (filter.actions && filter.actions.length > 0 && !filter.actions.includes(entry.action)) return false;
  const at = Date.parse(entry.at);
  if (filter.from && at < Date.parse(filter.from)) return false;
  if (filter.to && at > Date.parse(filter.to)) return false;
  return true;
}

const ACTION_WORDS: Record<ActivityEntry['action'], string> = {
  status: 'changed the status',
  comment: 'commented',
  escalation: 'escalated',
  snooze: 'snoozed',
  reissue: 'reissued the label',
  take: 'took the order',
  release: 'released the order',
};

/** One line for an entry, after the actor's name: "changed the status to Delivered". */
export function describeActivity(entry: ActivityEntry, statusLabel: (key: string) => string): string {
  const words = ACTION_WORDS[entry.action];
  const bulk = entry.bulk ? ' (bulk)' : '';
  if (entry.action === 'status' && entry.to) {
    const from = entry.from ? ` from ${statusLabel(entry.from)}` : '';
    return `${words}${from} to ${statusLabel(entry.to)}${bulk}`;
  }
  if (entry.action === 'escalation' && entry.detail) return `${words} to ${entry.detail}${bulk}`;
  if (entry.action === 'snooze' && entry.detail) return `${words} for ${entry.detail}${bulk}`;
  if (entry.action === 'take' && entry.detail) return `took the order over from ${entry.detail}${bulk}`;
  return `${words}${bulk}`;
}

/**
 * The status an order had before a change to `to` at `happenedAt`, read from the order's history as the
 * backend answered the change (the newest entry other than the change itself); null when none.
 */
export function statusBeforeChange(
  history: readonly { key: string; date: string }[],
  to: string,
  happenedAt: string,
): string | null {
  const at = Date.parse(happenedAt);
  const own = history.findIndex((h) => h.key === to && Date.parse(h.date) === at);
  const others = history.filter((_, i) => i !== own);
  const newest = others.reduce<{ key: string; date: string } | null>(
    (best, h) => (best === null || Date.parse(h.date) >= Date.parse(best.date) ? h : best),
    null,
  );
  return newest?.key ?? null;
}
