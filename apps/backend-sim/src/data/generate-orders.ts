import {
  ESCALATION_MINUTES,
  INVALID_ADDRESS_WORKFLOW_STATUS,
  ORDER_STATUS_KEYS,
  SEND_AS,
} from '@waybill/contracts';
import { addComment } from '../domain/comments.js';
import { makeOrder, type OrderContext } from '../domain/orders.js';
import type { Rng } from '../util/prng.js';
import { DAY, HOUR, MINUTE } from '../util/time.js';
import { isFinalStatus, statusWeights } from './status-model.js';
import type { SimOrder, SimUser, SimWorkflow } from './types.js';

export const COMMENT_TEXTS = [
  'Customer called, asked for delivery after 6 pm.',
  'Courier says the address is incomplete, waiting for the shopper to confirm.',
  'Merchant asked us to hold this order until payment clears.',
  'Parcel damaged at the hub, opened a claim with the courier.',
  'Shopper not answering the phone, will retry tomorrow.',
  'Missing item restocked, order can continue.',
  'Escalating: this is the third failed delivery attempt.',
  'Checked with the warehouse, picking is delayed by the inventory count.',
  'Tracking has not moved for two days, ticket opened with the courier.',
  'Shopper changed the delivery address by e-mail.',
] as const;

const SNOOZE_HOURS = [1, 2, 3, 4, 24, 48, 72, 96, 168, 336] as const;

export function generateComments(
  order: SimOrder,
  rng: Rng,
  users: readonly SimUser[],
  commentUid: () => string,
  untilMs: number,
): void {
  const count = rng.weighted([
    [1, 5],
    [2, 3],
    [3, 1.5],
    [4, 0.8],
  ] as const);
  const span = Math.max(MINUTE, untilMs - order.createdMs);
  const times = Array.from({ length: count }, () => order.createdMs + Math.floor(rng.next() * span)).sort(
    (a, b) => a - b,
  );
  for (const nowMs of times) {
    const action = rng.weighted([
      ['none', 5],
      ['snooze', 3],
      ['escalate', 1.2],
    ] as const);
    const author = rng.chance(0.05) ? null : rng.pick(users);
    const comment = addComment(order, {
      uid: commentUid(),
      text: rng.pick(COMMENT_TEXTS),
      team: action === 'escalate' ? rng.pick(['development', 'non-technical'] as const) : null,
      escalateMinutes: action === 'escalate' ? ESCALATION_MINUTES : null,
      snoozeMinutes: action === 'snooze' ? rng.pick(SNOOZE_HOURS) * 60 : null,
      method: rng.chance(0.8) ? 'internal_note' : rng.pick(SEND_AS),
      user: author,
      nowMs,
    });
    for (const user of users) {
      if (user.uid !== author?.uid && rng.chance(0.25)) {
        comment.seen_by.push({
          user_uid: user.uid,
          seenMs: Math.min(untilMs, nowMs + rng.int(1, 48) * HOUR),
        });
      }
    }
  }
  const last = times[times.length - 1] ?? order.updatedMs;
  order.updatedMs = Math.max(order.updatedMs, last);
}

export function generateOrders(
  ctx: OrderContext,
  rng: Rng,
  count: number,
  epoch: number,
  users: readonly SimUser[],
): { orders: SimOrder[]; workflows: SimWorkflow[] } {
  const weights = statusWeights();
  const orders: SimOrder[] = [];
  const workflows: SimWorkflow[] = [];
  for (let i = 0; i < count; i++) {
    // The first orders cover every status once; the rest follow realistic weights.
    const status = i < ORDER_STATUS_KEYS.length ? (ORDER_STATUS_KEYS[i] as string) : rng.weighted(weights);
    const final = isFinalStatus(status);
    const ageMs = final ? (1 + 44 * rng.next()) * DAY : 6 * rng.next() ** 1.5 * DAY + 5 * MINUTE;
    const createdMs = Math.round(epoch - ageMs);
    const untilMs = epoch - rng.int(0, 10) * MINUTE;
    const order = makeOrder(ctx, rng, { status, createdMs, untilMs });
    if (rng.chance(0.18)) generateComments(order, rng, users, () => `cmt_${rng.hex(24)}`, untilMs);
    if (status === INVALID_ADDRESS_WORKFLOW_STATUS && rng.chance(0.3)) {
      const workflow: SimWorkflow = {
        uid: `wf_${rng.hex(24)}`,
        order_uid: order.uid,
        status: 'running',
        createdMs: Math.min(untilMs, order.updatedMs + rng.int(1, 60) * MINUTE),
      };
      order.workflowUid = workflow.uid;
      order.updatedMs = Math.max(order.updatedMs, workflow.createdMs);
      workflows.push(workflow);
    }
    orders.push(order);
  }
  return { orders, workflows };
}
