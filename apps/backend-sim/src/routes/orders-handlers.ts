import {
  ESCALATION_MINUTES,
  FINAL_ORDER_STATUSES,
  INVALID_ADDRESS_WORKFLOW_STATUS,
  type OrdersSearchBody,
  REISSUE_LABEL_STATUSES,
} from '@waybill/contracts';
import type { SimOrder, SimWorkflow } from '../data/types.js';
import { addComment, markSeen } from '../domain/comments.js';
import { labelUrl, setStatus } from '../domain/orders.js';
import { listFilterSet } from '../search/list-filter.js';
import { searchOrders } from '../search/orders-search.js';
import { assignedUserRow, orderRow } from '../search/rows.js';
import type { SimStore } from '../store.js';
import { conflict, fieldError, notFound } from '../util/errors.js';
import { parseTimestamp } from '../util/time.js';
import { wireComment, wireItem, wireOrder, wireWorkflow } from '../wire.js';
import { type Handlers, requireUser } from './types.js';

const MAX_PARCELS = 99;
const MAX_SNOOZE_HOURS = 87_600;
const MAX_ESCALATE_MINUTES = 10 * 525_600;

type OrderRoutes =
  | 'changes'
  | 'orders.search'
  | 'orders.search.filter'
  | 'orders.search.count'
  | 'orders.search.display_statistics'
  | 'orders.search.statuses_statistics'
  | 'orders.search.couriers_statistics'
  | 'orders.search.fulfillment_centers_statistics'
  | 'orders.search.assigned_users_statistics'
  | 'orders.search.selling_channels_statistics'
  | 'orders.search.active_orders_statistics'
  | 'orders.detail'
  | 'orders.addComment'
  | 'orders.markSeen'
  | 'orders.invalidAddress.create'
  | 'orders.invalidAddress.interrupt'
  | 'orders.changeStatus'
  | 'orders.reissueLabel';

function timestamp(value: string, field: string): number {
  const ms = parseTimestamp(value);
  if (Number.isNaN(ms)) throw fieldError(field, 'must be an ISO date-time');
  return ms;
}

function getOrder(store: SimStore, uid: string): SimOrder {
  const order = store.orders.get(uid);
  if (!order) throw notFound('Order', uid);
  return order;
}

const display = (d: number[]) =>
  Object.fromEntries(d.map((count, p) => [`display_priority_${p}`, count])) as Record<
    `display_priority_${0 | 1 | 2 | 3 | 4 | 5}`,
    number
  >;
const active = (a: ReturnType<typeof searchOrders>['active']) => ({
  all_orders: { count: a.all },
  active_orders: { count: a.active },
  snoozed_orders: { count: a.snoozed },
});

const search = (ctx: { store: SimStore; body: OrdersSearchBody; nowMs: number }) =>
  searchOrders(ctx.store, ctx.body, ctx.nowMs);

/** Latest workflow of an order: the running one, else the most recent. */
function workflowOf(store: SimStore, order: SimOrder): SimWorkflow | null {
  if (order.workflowUid) return store.workflows.get(order.workflowUid) ?? null;
  let latest: SimWorkflow | null = null;
  for (const wf of store.workflows.values()) {
    if (wf.order_uid === order.uid && (!latest || wf.createdMs >= latest.createdMs)) latest = wf;
  }
  return latest;
}

export const orderHandlers: Handlers<OrderRoutes> = {
  changes: ({ body, store, nowMs }) => {
    const f = body.orders;
    const start = timestamp(f.updated_at_start, 'orders.updated_at_start');
    const end = timestamp(f.updated_at_end, 'orders.updated_at_end');
    const reference = f.reference?.trim().toLowerCase() ?? '';
    const statuses = listFilterSet(f.statuses);
    const priorities = listFilterSet(f.display_priorities);
    const couriers = listFilterSet(f.courier_keys);
    const channels = listFilterSet(f.selling_channels_uids);
    const centers = listFilterSet(f.fulfillment_centers_uids);
    const changed: SimOrder[] = [];
    // Unlike search, the change poll narrows by managed_by: it follows the provider's orders only.
    for (const o of store.orders.values()) {
      if (o.updatedMs < start || o.updatedMs >= end || o.managed_by !== f.managed_by) continue;
      if (reference && !o.search.includes(reference)) continue;
      if (statuses && !statuses.has(o.status)) continue;
      if (priorities && !priorities.has(o.display_priority)) continue;
      if (couriers && !couriers.has(o.courierKey ?? '')) continue;
      if (channels && !channels.has(o.selling_channel_uid)) continue;
      if (centers && !centers.has(o.fulfillment_center_uid ?? '')) continue;
      changed.push(o);
    }
    changed.sort((a, b) => a.updatedMs - b.updatedMs || (a.uid < b.uid ? -1 : 1));
    return { orders: changed.map((o) => wireOrder(store, o, nowMs)) };
  },
  'orders.search': (ctx) => {
    const r = search(ctx);
    return {
      orders: r.page.map((o) => wireOrder(ctx.store, o, ctx.nowMs)),
      count: r.total,
      active_orders_statistics: active(r.active),
      selling_channels_statistics: r.sellingChannels.map(orderRow),
      fulfillment_centers_statistics: r.fulfillmentCenters.map(orderRow),
      couriers_statistics: r.couriers.map(orderRow),
      assigned_users_statistics: r.assignedUsers.map(assignedUserRow),
    };
  },
  'orders.search.filter': (ctx) => {
    const r = search(ctx);
    return {
      orders: r.page.map((o) => wireOrder(ctx.store, o, ctx.nowMs)),
      comments: r.page.flatMap((o) => o.comments.map((c) => wireComment(ctx.store, c, ctx.nowMs))),
    };
  },
  'orders.search.count': (ctx) => ({ count: search(ctx).total }),
  'orders.search.display_statistics': (ctx) => ({ display_statistics: display(search(ctx).display) }),
  'orders.search.statuses_statistics': (ctx) => ({ statuses_statistics: search(ctx).statuses }),
  'orders.search.couriers_statistics': (ctx) => ({ couriers_statistics: search(ctx).couriers.map(orderRow) }),
  'orders.search.fulfillment_centers_statistics': (ctx) => ({
    fulfillment_centers_statistics: search(ctx).fulfillmentCenters.map(orderRow),
  }),
  'orders.search.assigned_users_statistics': (ctx) => ({
    assigned_users_statistics: search(ctx).assignedUsers.map(assignedUserRow),
  }),
  'orders.search.selling_channels_statistics': (ctx) => ({
    selling_channels_statistics: search(ctx).sellingChannels.map(orderRow),
  }),
  'orders.search.active_orders_statistics': (ctx) => ({
    active_orders_statistics: active(search(ctx).active),
  }),
  'orders.detail': ({ params, store, nowMs }) => {
    const order = getOrder(store, params.uid ?? '');
    const itemUids = new Set(order.line_items.map((l) => l.inventory_item_uid).filter((u) => u !== null));
    const workflow = workflowOf(store, order);
    return {
      order: wireOrder(store, order, nowMs),
      inventory_items: [...itemUids].flatMap((uid) => {
        const item = store.items.get(uid);
        return item ? [wireItem(store, item)] : [];
      }),
      comments: order.comments.map((c) => wireComment(store, c, nowMs)),
      thread: null,
      poc_1_workflow: workflow ? wireWorkflow(workflow) : null,
    };
  },
  'orders.addComment': (ctx) => {
    const { body, store, params } = ctx;
    const order = getOrder(store, params.uid ?? '');
    const text = body.text.trim();
    if (!text) throw fieldError('text', 'comment text is required');
    if (text.length > 10_000) throw fieldError('text', 'comment is too long (max 10000 characters)');
    const { escalate, snooze } = body.actions;
    if (escalate && snooze) throw fieldError('actions.snooze', 'escalate and snooze are mutually exclusive');
    if (escalate && body.actions.escalate_value === 0)
      throw fieldError('actions.escalate_value', 'must be above 0');
    const snoozeHours = body.actions.snooze_value;
    if (snooze && !snoozeHours)
      throw fieldError('actions.snooze_value', 'snooze needs a duration in hours above 0');
    if (snooze && snoozeHours && snoozeHours > MAX_SNOOZE_HOURS) {
      throw fieldError('actions.snooze_value', `must be at most ${MAX_SNOOZE_HOURS} hours`);
    }
    if ((body.actions.escalate_value ?? 0) > MAX_ESCALATE_MINUTES) {
      throw fieldError('actions.escalate_value', `must be at most ${MAX_ESCALATE_MINUTES} minutes`);
    }
    const user = requireUser(ctx);
    store.mutateOrder(order, (o) => {
      const nowMs = store.touch(o);
      const comment = addComment(o, {
        uid: store.newId('cmt'),
        text,
        team: escalate ? (body.team ?? 'non-technical') : (body.team ?? null),
        escalateMinutes: escalate ? (body.actions.escalate_value ?? ESCALATION_MINUTES) : null,
        // Units are not a stated rule; decided in docs/decisions/backend-sim.md: escalate_value is minutes,
        // snooze_value hours. A snooze lasts its hours times 60 minutes.
        snoozeMinutes: snooze && snoozeHours ? snoozeHours * 60 : null,
        method: body.communication.method,
        user,
        nowMs,
      });
      store.comments.set(comment.uid, comment);
    });
    return { order: wireOrder(store, order, store.now()) };
  },
  'orders.markSeen': (ctx) => {
    const { body, store, nowMs } = ctx;
    const comment = store.comments.get(body.comment_uid);
    if (!comment) throw notFound('Comment', body.comment_uid);
    markSeen(comment, requireUser(ctx).uid, nowMs);
    return { comment: wireComment(store, comment, nowMs) };
  },
  'orders.invalidAddress.create': ({ body, store }) => {
    const order = getOrder(store, body.order_uid);
    if (order.status !== INVALID_ADDRESS_WORKFLOW_STATUS) {
      throw conflict(
        `Order status is ${order.status}; the workflow needs ${INVALID_ADDRESS_WORKFLOW_STATUS}`,
      );
    }
    if (order.workflowUid) throw conflict('Order already has a running invalid-address workflow');
    const workflow = store.mutateOrder(order, (o) => {
      const wf: SimWorkflow = {
        uid: store.newId('wf'),
        order_uid: o.uid,
        status: 'running',
        createdMs: store.touch(o),
      };
      store.workflows.set(wf.uid, wf);
      o.workflowUid = wf.uid;
      return wf;
    });
    return { workflow: wireWorkflow(workflow) };
  },
  'orders.invalidAddress.interrupt': ({ body, store }) => {
    const workflow = store.workflows.get(body.workflow_uid);
    if (!workflow) throw notFound('Workflow', body.workflow_uid);
    if (workflow.status !== 'running') throw conflict(`Workflow is ${workflow.status}, not running`);
    workflow.status = 'interrupted';
    const order = store.orders.get(workflow.order_uid);
    if (order) {
      store.mutateOrder(order, (o) => {
        if (o.workflowUid === workflow.uid) o.workflowUid = null;
        store.touch(o);
      });
    }
    return { workflow: wireWorkflow(workflow) };
  },
  'orders.changeStatus': ({ body, store }) => {
    const order = getOrder(store, body.order_uid);
    const happened = timestamp(body.happened_at, 'happened_at');
    const final = (FINAL_ORDER_STATUSES as readonly string[]).includes(order.status);
    if (final && (body.status === 'cancelled' || body.status === 'lost')) {
      throw conflict(`Order is ${order.status}; it can no longer be marked ${body.status}`);
    }
    store.mutateOrder(order, (o) => {
      store.touch(o);
      setStatus(o, body.status, happened, store.orderContext, store.runtimeRng);
    });
    return { order: wireOrder(store, order, store.now()) };
  },
  'orders.reissueLabel': ({ body, store }) => {
    const order = getOrder(store, body.order_uid);
    if (body.number_of_parcels > MAX_PARCELS)
      throw fieldError('number_of_parcels', `must be at most ${MAX_PARCELS}`);
    if (!(REISSUE_LABEL_STATUSES as readonly string[]).includes(order.status)) {
      throw conflict(
        `A label can be reissued only in ${REISSUE_LABEL_STATUSES.join(', ')}; order is ${order.status}`,
      );
    }
    const center = store.fulfillmentCenters.find((f) => f.uid === order.fulfillment_center_uid);
    if (!center?.requiresLabel) throw conflict('The order’s warehouse does not use shipping labels');
    if (!order.fulfillmentOrders.some((f) => f.unique_key))
      throw conflict('The order has no fulfillment order');
    store.mutateOrder(order, (o) => {
      store.touch(o);
      o.labelVersion += 1;
      o.tracking = `${store.runtimeRng.int(1000, 9999)}${store.runtimeRng.int(10000000, 99999999)}`;
      const labels = Array.from({ length: body.number_of_parcels }, (_, i) =>
        labelUrl(o.uid, o.labelVersion, i + 1),
      );
      o.labels = [...o.labels, labels];
      o.search =
        `${o.reference ?? ''} ${o.uid} ${o.tracking} ${o.fulfillmentOrders.map((f) => f.external_identifier ?? '').join(' ')}`.toLowerCase();
    });
    return { order: wireOrder(store, order, store.now()) };
  },
};
