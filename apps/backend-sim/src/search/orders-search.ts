import { ORDER_STATUS_KEYS, type OrdersSearchBody } from '@waybill/contracts';
import type { SimOrder } from '../data/types.js';
import { isSnoozed } from '../domain/comments.js';
import type { SimStore } from '../store.js';
import { type PriorityRow, RowCounter } from './rows.js';

// One bit per filter: a record's mask holds the filters it fails. managed_by is a hard filter.
const REF = 2;
const SC = 4;
const AU = 8;
const COURIER = 16;
const FC = 32;
const PRIO = 64;
const STATUS = 128;
const PAYOUT = 256;
const LATE = 512;
const ACTIVE = 1024;

export interface OrdersSearchResult {
  total: number;
  page: SimOrder[];
  display: number[];
  statuses: { key: string; count: number }[];
  couriers: PriorityRow[];
  fulfillmentCenters: PriorityRow[];
  sellingChannels: PriorityRow[];
  assignedUsers: PriorityRow[];
  active: { all: number; active: number; snoozed: number };
}

const setOf = (list: readonly (string | number)[] | undefined) =>
  list ? new Set<string | number>(list) : null;

const STATUS_ORDER = new Map<string, number>(ORDER_STATUS_KEYS.map((k, i) => [k, i]));

/**
 * One pass over the sorted orders computes the page and every statistic. A statistic of one
 * dimension ignores that dimension's own filter; the selling channel, fulfillment center, courier
 * and assigned user rows also ignore the display-priority filter (count_general applies it).
 */
export function searchOrders(store: SimStore, body: OrdersSearchBody, nowMs: number): OrdersSearchResult {
  const reference = body.reference?.trim().toLowerCase() ?? '';
  const channels = setOf(body.selling_channels_uids);
  const users = setOf(body.assigned_users_uids);
  const couriers = setOf(body.courier_keys);
  const centers = setOf(body.fulfillment_centers_uids);
  const priorities = setOf(body.display_priorities);
  const statuses = setOf(body.aggregated_status_keys);
  const payouts = setOf(body.payout_keys);
  const statusLate = body.status_late === 'late';
  const payoutLate = body.payout_late;
  const active = body.active_status ?? 'all';

  const result: OrdersSearchResult = {
    total: 0,
    page: [],
    display: [0, 0, 0, 0, 0, 0],
    statuses: [],
    couriers: [],
    fulfillmentCenters: [],
    sellingChannels: [],
    assignedUsers: [],
    active: { all: 0, active: 0, snoozed: 0 },
  };
  const statusCounts = new Map<string, number>();
  const courierRows = new RowCounter(4);
  const centerRows = new RowCounter(4);
  const channelRows = new RowCounter(4);
  const userRows = new RowCounter(4);
  const end = body.skip + body.limit;

  for (const o of store.sortedOrders) {
    let m = 0;
    if (o.managed_by !== body.managed_by) continue;
    if (reference && !o.search.includes(reference)) m |= REF;
    if (channels && !channels.has(o.selling_channel_uid)) m |= SC;
    if (users && !users.has(o.assigned_user_uid ?? '')) m |= AU;
    if (couriers && !couriers.has(o.courierKey ?? '')) m |= COURIER;
    if (centers && !centers.has(o.fulfillment_center_uid ?? '')) m |= FC;
    if (priorities && !priorities.has(o.display_priority)) m |= PRIO;
    if (statuses && !statuses.has(o.status)) m |= STATUS;
    if (payouts && !payouts.has(o.payout?.key ?? '')) m |= PAYOUT;
    if (statusLate || payoutLate) {
      const payoutOk = payoutLate === 'late' ? o.payout?.late === true : !o.payout?.late;
      // Late mode sends both: an order is late if its status or its payout is late.
      const ok = statusLate && payoutLate ? o.late || payoutOk : statusLate ? o.late : payoutOk;
      if (!ok) m |= LATE;
    }
    const snoozed = o.comments.length > 0 && isSnoozed(o, nowMs);
    if ((active === 'active' && snoozed) || (active === 'snoozed' && !snoozed)) m |= ACTIVE;

    if (m === 0) {
      if (result.total >= body.skip && result.total < end) result.page.push(o);
      result.total += 1;
    }
    if ((m & ~PRIO) === 0) result.display[o.display_priority] = (result.display[o.display_priority] ?? 0) + 1;
    if ((m & ~STATUS) === 0) statusCounts.set(o.status, (statusCounts.get(o.status) ?? 0) + 1);
    if ((m & ~ACTIVE) === 0) {
      result.active.all += 1;
      if (snoozed) result.active.snoozed += 1;
      else result.active.active += 1;
    }
    const general = (m & PRIO) === 0;
    const p = o.display_priority;
    if ((m & ~(COURIER | PRIO)) === 0) courierRows.add(o.courierKey, p, general);
    if ((m & ~(FC | PRIO)) === 0) centerRows.add(o.fulfillment_center_uid, p, general);
    if ((m & ~(SC | PRIO)) === 0) channelRows.add(o.selling_channel_uid, p, general);
    if ((m & ~(AU | PRIO)) === 0) userRows.add(o.assigned_user_uid, p, general);
  }
  result.statuses = [...statusCounts.entries()]
    .map(([key, count]) => ({ key, count }))
    .sort(
      (a, b) =>
        (STATUS_ORDER.get(a.key) ?? 999) - (STATUS_ORDER.get(b.key) ?? 999) || a.key.localeCompare(b.key),
    );
  result.couriers = courierRows.list();
  result.fulfillmentCenters = centerRows.list();
  result.sellingChannels = channelRows.list();
  result.assignedUsers = userRows.list();
  return result;
}
