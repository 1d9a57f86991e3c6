import { COURIER_KEYS, COURIERS, type CourierKey, PAYOUT_PROVIDER_HELD } from '@waybill/contracts';
import {
  hasAwb,
  hasCourier,
  hasFulfillmentOrder,
  isFinalStatus,
  priorityFor,
  statusChain,
} from '../data/status-model.js';
import type {
  SimFulfillmentCenter,
  SimItem,
  SimLineItem,
  SimOrder,
  SimSellingChannel,
  SimUser,
} from '../data/types.js';
import type { Rng } from '../util/prng.js';
import { MINUTE } from '../util/time.js';

export interface OrderContext {
  channels: readonly SimSellingChannel[];
  fulfillmentCenters: readonly SimFulfillmentCenter[];
  itemsByOrg: ReadonlyMap<string, readonly SimItem[]>;
  assignees: readonly SimUser[];
  managedBy: string;
}

const couriersByCountry = new Map<string | null, CourierKey[]>();
for (const key of COURIER_KEYS) {
  const country = COURIERS[key].country;
  const list = couriersByCountry.get(country) ?? [];
  list.push(key);
  couriersByCountry.set(country, list);
}

/** Couriers of the warehouse's country mostly; sometimes any courier, so every key shows up. */
function pickCourier(rng: Rng, country: string | undefined): CourierKey {
  const local = country ? couriersByCountry.get(country) : undefined;
  if (local && rng.chance(0.8)) return rng.pick(local);
  return rng.pick(COURIER_KEYS);
}

const MISSING_STATUSES = new Set([
  'out_of_stock',
  'inventory_fulfillment_center_inventory_insufficient_quantity',
  'inventory_merchant_inventory_insufficient_quantity',
  'inventory_out_of_items',
  'partial',
  'not_fulfilled',
]);

export function labelUrl(orderUid: string, version: number, parcel: number): string {
  return `/files/labels/${encodeURIComponent(orderUid)}/${version}-${parcel}.pdf`;
}

function searchText(order: SimOrder): string {
  const codes = order.fulfillmentOrders.map((f) => f.external_identifier ?? '').join(' ');
  return `${order.reference ?? ''} ${order.uid} ${order.tracking ?? ''} ${codes}`.toLowerCase();
}

/** Bring courier, AWB, label, fulfillment order and priority in line with the current status. */
export function syncWithStatus(order: SimOrder, ctx: OrderContext, rng: Rng): void {
  const fc = ctx.fulfillmentCenters.find((f) => f.uid === order.fulfillment_center_uid);
  if (hasCourier(order.status)) {
    if (!order.fulfillment_center_uid) {
      const picked = rng.pick(ctx.fulfillmentCenters);
      order.fulfillment_center_uid = picked.uid;
    }
    if (!order.courierKey) order.courierKey = pickCourier(rng, fc?.country);
  }
  const center = ctx.fulfillmentCenters.find((f) => f.uid === order.fulfillment_center_uid);
  if (hasFulfillmentOrder(order.status) && order.fulfillmentOrders.length === 0 && center) {
    order.fulfillmentOrders.push({
      unique_key: `FO-${rng.hex(10).toUpperCase()}`,
      external_identifier: `${center.code}-${rng.int(100000, 999999)}`,
    });
  }
  if (hasAwb(order.status) && !order.tracking && order.courierKey) {
    order.tracking = `${rng.int(1000, 9999)}${rng.int(10000000, 99999999)}`;
    if (center?.requiresLabel) {
      order.labelVersion = 1;
      order.labels = [[labelUrl(order.uid, 1, 1)]];
    }
  }
  if (MISSING_STATUSES.has(order.status)) {
    for (const line of order.line_items) {
      if (!line.has_missing) {
        line.has_missing = true;
        line.missing_quantity = rng.int(1, line.quantity);
      }
    }
  }
  if (isFinalStatus(order.status)) order.late = false;
  if (
    order.payout &&
    order.cod &&
    order.status === 'shipping_delivered' &&
    order.payout.key === 'not_applicable'
  ) {
    order.payout = { key: PAYOUT_PROVIDER_HELD, late: false };
  }
  order.display_priority = priorityFor(order.status, order.late);
  order.search = searchText(order);
}

/** Move to `status` at `ms`, appending to the history. */
export function setStatus(order: SimOrder, status: string, ms: number, ctx: OrderContext, rng: Rng): void {
  order.status = status;
  order.history.push({ key: status, priority: priorityFor(status, false), ms });
  syncWithStatus(order, ctx, rng);
}

export interface NewOrderOptions {
  status: string;
  createdMs: number;
  /** Latest time the history may reach. */
  untilMs: number;
}

export function makeOrder(ctx: OrderContext, rng: Rng, opts: NewOrderOptions): SimOrder {
  // Few channels carry most orders (power law).
  const channel = ctx.channels[Math.floor(ctx.channels.length * rng.next() ** 2)] as SimSellingChannel;
  const items = ctx.itemsByOrg.get(channel.organization_uid) ?? [];
  const lineCount = Math.min(
    items.length,
    rng.weighted([
      [1, 6],
      [2, 3],
      [3, 1.5],
      [4, 0.7],
    ] as const),
  );
  const lines: SimLineItem[] = [];
  const used = new Set<string>();
  for (let i = 0; i < lineCount; i++) {
    const item = rng.pick(items);
    if (used.has(item.uid)) continue;
    used.add(item.uid);
    lines.push({
      external_identifier: item.sku,
      quantity: rng.weighted([
        [1, 6],
        [2, 2],
        [3, 1],
        [5, 0.3],
      ] as const),
      has_missing: false,
      missing_quantity: 0,
      inventory_item_uid: item.uid,
    });
  }
  const payment = rng.weighted([
    ['cod', 45],
    ['bank', 10],
    ['card', 45],
  ] as const);
  const delivered = statusChain(opts.status).includes('shipping_delivered');
  let payout: SimOrder['payout'] = null;
  if (payment === 'cod') {
    if (delivered) {
      const key = rng.weighted([
        ['collected', 40],
        [PAYOUT_PROVIDER_HELD, 35],
        ['at_merchant', 25],
      ] as const);
      payout = { key, late: key !== 'collected' && rng.chance(0.3) };
    } else payout = { key: 'not_applicable', late: false };
  } else if (rng.chance(0.5)) payout = { key: 'not_applicable', late: false };

  const uid = `ord_${rng.hex(24)}`;
  const order: SimOrder = {
    uid,
    reference: rng.chance(0.004) ? null : `${channel.kind === 'shopify' ? '' : 'WB'}${rng.int(1000, 999999)}`,
    organization_uid: channel.organization_uid,
    fulfillment_center_uid: null,
    selling_channel_uid: channel.uid,
    display_priority: 3,
    createdMs: opts.createdMs,
    updatedMs: opts.createdMs,
    status: 'new_',
    history: [],
    courierKey: null,
    tracking: null,
    labels: [],
    labelVersion: 0,
    zip: rng.chance(0.03) ? null : String(rng.int(10000, 999999)),
    fulfillmentOrders: [],
    externalLink: `https://${channel.domain}/admin/orders/${rng.int(1000, 999999)}`,
    cod: payment === 'cod',
    bankDeposit: payment === 'bank',
    payout,
    late: !isFinalStatus(opts.status) && rng.chance(0.12),
    managed_by: rng.chance(0.9) ? ctx.managedBy : 'merchant',
    assigned_user_uid: rng.chance(0.55) && ctx.assignees.length > 0 ? rng.pick(ctx.assignees).uid : null,
    line_items: lines,
    workflowUid: null,
    comments: [],
    search: '',
    ix: { slot: -1, channel: 0, center: 0, courier: 0, user: 0, status: 0, payout: 0, snoozeUntil: 0 },
  };
  // History: the status chain spread over the time since creation.
  const chain = statusChain(opts.status);
  const span = Math.max(0, opts.untilMs - opts.createdMs);
  const stretch = 0.3 + rng.next() * 0.65;
  chain.forEach((key, i) => {
    const ms = Math.round(opts.createdMs + (span * stretch * i) / Math.max(1, chain.length - 1));
    order.status = key;
    order.history.push({ key, priority: priorityFor(key, false), ms: Math.min(ms, opts.untilMs) });
    syncWithStatus(order, ctx, rng);
  });
  order.display_priority = priorityFor(order.status, order.late);
  const last = order.history[order.history.length - 1];
  order.updatedMs = Math.min(opts.untilMs, (last?.ms ?? opts.createdMs) + rng.int(0, 30) * MINUTE);
  return order;
}
