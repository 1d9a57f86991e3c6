import type {
  Comment,
  FulfillmentCenter,
  Inbound,
  InventoryItem,
  Order,
  Organization,
  SellingChannel,
  SellingChannelAnalyticsRow,
  User,
  Workflow,
} from '@waybill/contracts';
import { isReverseStatus } from './data/status-model.js';
import type {
  ActionState,
  SimComment,
  SimFulfillmentCenter,
  SimInbound,
  SimItem,
  SimOrder,
  SimOrganization,
  SimSellingChannel,
  SimStoreAnalytics,
  SimUser,
  SimWorkflow,
} from './data/types.js';
import { commentsSummary, effectiveAction } from './domain/comments.js';
import type { SimStore } from './store.js';
import { iso } from './util/time.js';

/** Wire shapes: what the backend answers, built fresh per answer from internal records. */
const isoOrNull = (ms: number | null) => (ms === null ? null : iso(ms));
const abs = (store: SimStore, path: string) => `${store.baseUrl}${path}`;

export function wireUser(u: SimUser): User {
  return {
    uid: u.uid,
    name: u.name,
    email: u.email,
    department: u.department,
    access_to: [...u.access_to],
    superadmin: u.superadmin,
  };
}

export const wireOrganization = (o: SimOrganization): Organization => ({ uid: o.uid, name: o.name });

export function wireSellingChannel(c: SimSellingChannel): SellingChannel {
  return {
    uid: c.uid,
    alias: c.alias,
    name: c.name,
    kind: c.kind,
    organization_uid: c.organization_uid,
    owner: { address: { country_code: c.country } },
  };
}

export function wireFulfillmentCenter(f: SimFulfillmentCenter): FulfillmentCenter {
  return {
    uid: f.uid,
    name: f.name,
    code: f.code,
    timezone: f.timezone,
    address: { country_code: f.country },
    display_address: { country_code: f.country },
    settings: { shipping: { requires_shipping_label: f.requiresLabel } },
  };
}

export function wireItem(store: SimStore, item: SimItem): InventoryItem {
  return {
    uid: item.uid,
    created_at: iso(item.createdMs),
    images: [{ src: abs(store, `/images/items/${item.uid}.svg`) }],
    title_1: item.title_1,
    title_2: item.title_2,
    codes: [
      { key: 'sku', value: item.sku },
      { key: 'barcode', value: item.barcode },
    ],
  };
}

export function wireOrder(store: SimStore, o: SimOrder, nowMs: number): Order {
  const summary = commentsSummary(o, nowMs);
  const status = o.history[o.history.length - 1];
  const reverse = isReverseStatus(o.status) || o.status === 'back_to_sender';
  return {
    uid: o.uid,
    reference: o.reference,
    organization_uid: o.organization_uid,
    fulfillment_center_uid: o.fulfillment_center_uid,
    selling_channel_uid: o.selling_channel_uid,
    display_priority: o.display_priority,
    updated_at: iso(o.updatedMs),
    created_at: iso(o.createdMs),
    aggregated_status: { key: o.status, date: iso(status?.ms ?? o.createdMs) },
    statuses_history: {
      aggregated_status: o.history.map((h) => ({ key: h.key, priority: h.priority, date: iso(h.ms) })),
    },
    aggregated_courier: o.courierKey ? { key: o.courierKey, tracking_number: o.tracking } : null,
    shipments: o.labels.map((labels) => ({
      documents: [{ labels: labels.map((url) => ({ download_url: url ? abs(store, url) : null })) }],
    })),
    shipping_address: { zip: o.zip },
    fulfillment_center_fulfillment_orders: o.fulfillmentOrders.map((f) => ({ ...f })),
    metadata: o.externalLink ? [{ key: 'order_external_link', value: o.externalLink }] : [],
    payment: { cash_on_delivery: o.cod, bank_deposit: o.bankDeposit },
    payout: o.payout ? { status: { key: o.payout.key }, late: { is_late: o.payout.late } } : null,
    late: { is_late: o.late },
    reverse_logistics: reverse
      ? {
          in_transit: { value: o.status !== 'shipping_received_by_sender' && o.status !== 'back_to_sender' },
          received: { value: o.status === 'shipping_received_by_sender' || o.status === 'back_to_sender' },
        }
      : null,
    external_app_dates: { created_at: iso(o.createdMs) },
    managed_by: o.managed_by,
    assigned_user_uid: o.assigned_user_uid,
    line_items: o.line_items.map((l) => ({
      external_identifier: l.external_identifier,
      quantity: l.quantity,
      has_missing: l.has_missing,
      missing_quantity: l.missing_quantity,
      inventory_item: l.inventory_item_uid ? { inventory_item_uid: l.inventory_item_uid } : null,
    })),
    comments: {
      count_: summary.count_,
      status: summary.status,
      team: summary.team,
      until: isoOrNull(summary.untilMs),
    },
    poc_1_workflow: o.workflowUid ? { uid: o.workflowUid } : null,
  };
}

function wireAction(action: ActionState, nowMs: number) {
  const a = effectiveAction(action, nowMs);
  return {
    active: a.active,
    until: isoOrNull(a.untilMs),
    was_active: a.was_active,
    was_until: isoOrNull(a.wasUntilMs),
  };
}

export function wireComment(store: SimStore, c: SimComment, nowMs: number): Comment {
  const order = store.orders.get(c.order_uid);
  return {
    uid: c.uid,
    organization_uid: c.organization_uid,
    created_at: iso(c.createdMs),
    entity: {
      kind: 'order',
      data: {
        uid: c.order_uid,
        aggregated_status: {
          key: order?.status ?? 'unknown',
          date: iso(order?.history[order.history.length - 1]?.ms ?? c.createdMs),
        },
        late: { is_late: order?.late ?? false },
      },
    },
    text: c.text,
    team: c.team,
    user_uid: c.user_uid,
    user: c.user_uid
      ? { uid: c.user_uid, name: c.userName, anonymous: { is_anonymous: false, name: null } }
      : { uid: 'anonymous', name: null, anonymous: { is_anonymous: true, name: null } },
    actions: { escalate: wireAction(c.escalate, nowMs), snooze: wireAction(c.snooze, nowMs) },
    seen_by: c.seen_by.map((s) => ({ user_uid: s.user_uid, seen_at: iso(s.seenMs) })),
    communication: { method: c.method },
  };
}

export function wireWorkflow(w: SimWorkflow): Workflow {
  return { uid: w.uid, order_uid: w.order_uid, status: w.status, created_at: iso(w.createdMs) };
}

export function wireInbound(i: SimInbound): Inbound {
  return {
    uid: i.uid,
    name: i.name,
    status: i.status,
    display_priority: i.display_priority,
    expected_date: isoOrNull(i.expectedMs),
    external_dates: { created_at: iso(i.createdMs), updated_at: iso(i.updatedMs) },
    external_data: { identifier: i.identifier },
    fulfillment_center_uid: i.fulfillment_center_uid,
    organization_uid: i.organization_uid,
    assigned_user_uid: i.assigned_user_uid,
    number_of_items: i.numberOfItems ? { ...i.numberOfItems } : null,
    late: { is_late: i.late },
    line_items_computed: {
      items: i.items.map((l) => ({ ...l })),
      incoming_total: i.items.reduce((sum, l) => sum + l.incoming, 0),
    },
  };
}

export function wireStore(s: SimStoreAnalytics): SellingChannelAnalyticsRow {
  const metadata: { key: string; value: string | null }[] = [];
  if (s.appLink) metadata.push({ key: 'shopify_app_link', value: s.appLink });
  if (s.biLink) metadata.push({ key: 'bi_app_link', value: s.biLink });
  return {
    uid: s.uid,
    name: s.name,
    kind: s.kind,
    display_priority: s.display_priority,
    metadata,
    store: { plan_name: s.plan as SellingChannelAnalyticsRow['store']['plan_name'] },
    owner: { address: { country_code: s.country } },
    fulfillment_locations: s.services.map((service_name) => ({ fulfillment_services: [{ service_name }] })),
    activity: {
      created_at: iso(s.createdMs),
      installed_at: isoOrNull(s.installedMs),
      deleted_at: isoOrNull(s.deletedMs),
      status: s.status,
    },
    statistics: {
      orders: { size: s.size, count: s.orderCount, daily: [...s.daily] },
      inventory_items: { count: s.skuCount },
      couriers: s.couriers.map((c) => ({ ...c })),
      activity: {
        latest: s.latest
          ? {
              user_uid: s.latest.user_uid,
              last_seen_at: isoOrNull(s.latest.lastSeenMs),
              score: s.latest.score,
            }
          : null,
        people: s.people.map((p) => ({
          user: { ...p.user },
          last_seen_at: iso(p.lastSeenMs),
          browser: { device_type: p.device },
        })),
      },
    },
    source_apps: [...s.sourceApps],
  };
}
