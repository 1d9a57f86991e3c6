import { ORDER_STATUS_KEYS, type OrdersSearchBody } from '@waybill/contracts';
import type { SimOrder } from '../data/types.js';
import type { Interner, SimStore } from '../store.js';
import { listFilter } from './list-filter.js';
import { LATE_FLAG, PAYOUT_LATE_FLAG } from './order-columns.js';
import { compareRows, type PriorityRow } from './rows.js';

// One bit per filter: a record's mask holds the filters it fails. managed_by is not a row filter:
// the list shows orders managed by others too, and the provider marker reads each row's managed_by.
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

/** Selected values as a lookup by interned id (unknown values select nothing; an empty list, all). */
function selection(interner: Interner, list: readonly string[] | undefined): Uint8Array | null {
  const values = listFilter(list);
  if (!values) return null;
  const selected = new Uint8Array(interner.size);
  for (const v of values) {
    const id = interner.find(v);
    if (id >= 0) selected[id] = 1;
  }
  return selected;
}

const ROW = 6; // general, all, priority 0..3

/** Per-dimension-value counters in one typed array (the hot loop does no allocation). */
class DimCounter {
  readonly data: Int32Array;
  constructor(private readonly interner: Interner) {
    this.data = new Int32Array(interner.size * ROW);
  }

  add(id: number, priority: number, general: boolean): void {
    const at = id * ROW;
    const d = this.data;
    d[at + 1] = (d[at + 1] as number) + 1;
    if (general) d[at] = (d[at] as number) + 1;
    if (priority < 4) d[at + 2 + priority] = (d[at + 2 + priority] as number) + 1;
  }

  list(): PriorityRow[] {
    const rows: PriorityRow[] = [];
    for (let id = 0; id < this.interner.size; id++) {
      const at = id * ROW;
      if (this.data[at + 1] === 0) continue;
      rows.push({
        key: this.interner.keys[id] ?? null,
        count_general: this.data[at] as number,
        count_display_priority_all: this.data[at + 1] as number,
        counts: Array.from(this.data.subarray(at + 2, at + ROW)),
      });
    }
    return rows.sort(compareRows);
  }
}

const STATUS_ORDER = new Map<string, number>(ORDER_STATUS_KEYS.map((k, i) => [k, i]));

/**
 * One pass over the sorted orders computes the page and every statistic. A statistic of one
 * dimension ignores that dimension's own filter; the selling channel, fulfillment center, courier
 * and assigned user rows also ignore the display-priority filter (count_general applies it).
 */
export function searchOrders(store: SimStore, body: OrdersSearchBody, nowMs: number): OrdersSearchResult {
  const { dims } = store;
  const reference = body.reference?.trim().toLowerCase() ?? '';
  const channels = selection(dims.channel, body.selling_channels_uids);
  const users = selection(dims.user, body.assigned_users_uids);
  const couriers = selection(dims.courier, body.courier_keys);
  const centers = selection(dims.center, body.fulfillment_centers_uids);
  const statuses = selection(dims.status, body.aggregated_status_keys);
  const payouts = selection(dims.payout, body.payout_keys);
  let priorities: Uint8Array | null = null;
  const selectedPriorities = listFilter(body.display_priorities);
  if (selectedPriorities) {
    priorities = new Uint8Array(6);
    for (const p of selectedPriorities) priorities[p] = 1;
  }
  const statusLate = body.status_late === 'late';
  const payoutLate = body.payout_late;
  const anyLate = statusLate || payoutLate !== undefined;
  const active = body.active_status ?? 'all';

  let total = 0;
  const page: SimOrder[] = [];
  const display = new Int32Array(6);
  const statusCounts = new Int32Array(dims.status.size);
  const activeCounts = { all: 0, active: 0, snoozed: 0 };
  const courierRows = new DimCounter(dims.courier);
  const centerRows = new DimCounter(dims.center);
  const channelRows = new DimCounter(dims.channel);
  const userRows = new DimCounter(dims.user);
  const end = body.skip + body.limit;
  const sorted = store.sortedOrders;
  const c = store.columns;
  const wantLate = payoutLate === 'late';
  const refMatch = reference ? store.text.match(reference) : null;

  for (let i = 0; i < c.length; i++) {
    const p = c.priority[i] as number;
    const flags = c.flags[i] as number;
    const channel = c.channel[i] as number;
    const center = c.center[i] as number;
    const courier = c.courier[i] as number;
    const user = c.user[i] as number;
    const status = c.status[i] as number;
    let m = 0;
    if (refMatch && refMatch[c.slot[i] as number] !== 1) m |= REF;
    if (channels && channels[channel] !== 1) m |= SC;
    if (users && users[user] !== 1) m |= AU;
    if (couriers && couriers[courier] !== 1) m |= COURIER;
    if (centers && centers[center] !== 1) m |= FC;
    if (priorities && priorities[p] !== 1) m |= PRIO;
    if (statuses && statuses[status] !== 1) m |= STATUS;
    if (payouts && payouts[c.payout[i] as number] !== 1) m |= PAYOUT;
    if (anyLate) {
      const orderLate = (flags & LATE_FLAG) !== 0;
      const payoutIsLate = (flags & PAYOUT_LATE_FLAG) !== 0;
      const payoutOk = wantLate ? payoutIsLate : !payoutIsLate;
      // Late mode sends both: an order is late if its status or its payout is late.
      const ok = statusLate && payoutLate ? orderLate || payoutOk : statusLate ? orderLate : payoutOk;
      if (!ok) m |= LATE;
    }
    const snoozed = (c.snoozeUntil[i] as number) > nowMs;
    if ((active === 'active' && snoozed) || (active === 'snoozed' && !snoozed)) m |= ACTIVE;

    if (m === 0) {
      if (total >= body.skip && total < end) page.push(sorted[i] as SimOrder);
      total += 1;
    }
    if ((m & ~PRIO) === 0) display[p] = (display[p] as number) + 1;
    if ((m & ~STATUS) === 0) statusCounts[status] = (statusCounts[status] as number) + 1;
    if ((m & ~ACTIVE) === 0) {
      activeCounts.all += 1;
      if (snoozed) activeCounts.snoozed += 1;
      else activeCounts.active += 1;
    }
    const general = (m & PRIO) === 0;
    const rest = m & ~PRIO;
    if ((rest & ~COURIER) === 0) courierRows.add(courier, p, general);
    if ((rest & ~FC) === 0) centerRows.add(center, p, general);
    if ((rest & ~SC) === 0) channelRows.add(channel, p, general);
    if ((rest & ~AU) === 0) userRows.add(user, p, general);
  }
  const statusList: { key: string; count: number }[] = [];
  statusCounts.forEach((count, id) => {
    const key = dims.status.keys[id];
    if (count > 0 && key) statusList.push({ key, count });
  });
  statusList.sort(
    (a, b) =>
      (STATUS_ORDER.get(a.key) ?? 999) - (STATUS_ORDER.get(b.key) ?? 999) || a.key.localeCompare(b.key),
  );
  return {
    total,
    page,
    display: Array.from(display),
    statuses: statusList,
    couriers: courierRows.list(),
    fulfillmentCenters: centerRows.list(),
    sellingChannels: channelRows.list(),
    assignedUsers: userRows.list(),
    active: activeCounts,
  };
}
