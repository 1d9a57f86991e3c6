import {
  ACTIVITY_EXCERPT_LENGTH,
  type AddCommentFormInput,
  type BulkOrderAction,
  describeActivity,
  excerptOf,
  isDoneStatus,
  type Order,
  orderStatusLabel,
  statusBeforeChange,
  type TeamActor,
} from '@waybill/contracts';
import { newNotificationId } from '../notifications/notifier.js';
import type { Services } from '../services.js';
import type { ActivityRecord } from './activity.js';

type TeamServices = Pick<Services, 'team' | 'collaboration' | 'logger'>;

/** A comment's start as colleagues are shown it: one line, no control or invisible characters. */
const excerpt = (text: string) => excerptOf(text, ACTIVITY_EXCERPT_LENGTH);

/**
 * A holder hears of one colleague's changes to one order at most once in this: the first change is
 * told, the later ones are not (the order's History lists them all), unless one ends the hold.
 */
export const HOLDER_TOLD_WINDOW_MS = 60_000;

/** A status change as the activity records it, `from` read from the order the backend answered. */
export function statusRecord(order: Order, to: string, happenedAt: string, bulk = false): ActivityRecord {
  return {
    orderUid: order.uid,
    reference: order.reference ?? null,
    action: 'status',
    from: statusBeforeChange(order.statuses_history.aggregated_status, to, happenedAt),
    to,
    happenedAt,
    ...(bulk ? { bulk } : {}),
  };
}

/** A comment, and its escalation or snooze, each an entry of its own. */
export function commentRecords(
  input: Pick<AddCommentFormInput, 'orderUid' | 'text' | 'escalate' | 'team' | 'snooze' | 'snoozeValue'>,
  reference: string | null,
  bulk = false,
): ActivityRecord[] {
  const base = { orderUid: input.orderUid, reference, ...(bulk ? { bulk } : {}) };
  const records: ActivityRecord[] = [{ ...base, action: 'comment', excerpt: excerpt(input.text) }];
  if (input.escalate) records.push({ ...base, action: 'escalation', detail: input.team ?? 'team' });
  if (input.snooze && input.snoozeValue)
    records.push({ ...base, action: 'snooze', detail: `${input.snoozeValue} h` });
  return records;
}

/** One order of a bulk action that the backend accepted. */
export function bulkRecords(action: BulkOrderAction, order: Order): ActivityRecord[] {
  return action.kind === 'status'
    ? [statusRecord(order, action.status, action.happenedAt, true)]
    : commentRecords({ orderUid: order.uid, text: action.text }, order.reference ?? null, true);
}

/**
 * Records what the backend accepted, as the caller: the activity entries, the caller's hold on each
 * order kept alive, and a hold ended by a done status. Never fails the change it records (logged).
 */
export async function recordActivity(
  services: TeamServices,
  token: string,
  records: ActivityRecord[],
  signal?: AbortSignal,
): Promise<void> {
  if (records.length === 0) return;
  try {
    const person = await services.collaboration.identity.of(token, signal);
    await recordAs(services, person, records);
  } catch (error) {
    services.logger.warn({ err: (error as Error).message }, 'activity not recorded');
  }
}

export async function recordAs(services: TeamServices, person: TeamActor, records: ActivityRecord[]) {
  const { holds, activity } = services.team;
  await activity.record(person, records);
  await tellHolders(services, person, records);
  for (const uid of new Set(records.map((r) => r.orderUid))) await holds.touch(person.uid, uid);
  for (const r of records) if (r.action === 'status' && r.to && isDoneStatus(r.to)) holds.end(r.orderUid);
}

/**
 * A colleague's change to an order someone holds reaches the holder's notification centre, the hold
 * ending with it when the order is done: the holder is working on it and must not learn it from the
 * list. One call's changes to an order are told together, and a colleague's further changes to it
 * within HOLDER_TOLD_WINDOW_MS are not told, unless they end the hold; a status changed to the one it
 * was tells nobody. Takes and releases tell the holder themselves (orders-holds.ts). Never fails the
 * change.
 */
async function tellHolders(services: TeamServices, person: TeamActor, records: ActivityRecord[]) {
  const byOrder = new Map<string, ActivityRecord[]>();
  for (const record of records) {
    if (record.action === 'take' || record.action === 'release' || changesNothing(record)) continue;
    byOrder.set(record.orderUid, [...(byOrder.get(record.orderUid) ?? []), record]);
  }
  for (const [orderUid, changes] of byOrder) {
    try {
      const hold = await services.team.holds.of(orderUid);
      if (!hold || hold.holder.uid === person.uid) continue;
      const ends = changes.some((r) => r.action === 'status' && r.to && isDoneStatus(r.to));
      const key = `holder-told:${hold.holder.uid}:${person.uid}:${orderUid}`;
      if (!ends && !(await services.collaboration.notifications.claim(key, HOLDER_TOLD_WINDOW_MS))) continue;
      const what = changes
        .map((r) => describeActivity({ ...r, id: '', actor: person, at: '' }, orderStatusLabel))
        .join(', ');
      await services.collaboration.notifications.push(hold.holder.uid, {
        id: newNotificationId(),
        kind: 'changed',
        orderUid,
        reference: changes[0]?.reference ?? null,
        text: `On an order you hold, ${person.name} ${what}${ends ? '; your hold ended' : ''}`,
        author: { uid: person.uid, name: person.name },
        at: Date.now(),
      });
    } catch (error) {
      services.logger.warn({ err: (error as Error).message }, 'the holder of a changed order was not told');
    }
  }
}

/**
 * A status changed to the one the order had: the backend noted it, but nothing is different. A done
 * status still ends a hold, which its holder must hear of.
 */
const changesNothing = (record: ActivityRecord) =>
  record.action === 'status' &&
  record.to !== undefined &&
  record.from === record.to &&
  !isDoneStatus(record.to);
