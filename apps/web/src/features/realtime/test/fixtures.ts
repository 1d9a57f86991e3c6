import type {
  Comment,
  FulfillmentCenter,
  Order,
  OrderStatistics,
  Organization,
  SellingChannel,
  User,
} from '@waybill/contracts';
import type { ReferenceData } from '../../../hooks/use-reference-data.js';

/** Test builders for the realtime feature (shapes follow the contracts schemas). */
export function makeOrder(overrides: Partial<Order> = {}): Order {
  return {
    uid: 'ord-1',
    reference: 'SHOP-1001',
    organization_uid: 'org-1',
    fulfillment_center_uid: 'fc-1',
    selling_channel_uid: 'sc-1',
    display_priority: 3,
    updated_at: '2024-05-01T10:00:00',
    aggregated_status: { key: 'ready_for_picking', date: '2024-05-01T10:00:00' },
    statuses_history: { aggregated_status: [] },
    aggregated_courier: { key: 'sameday_ro', tracking_number: 'TRK123' },
    shipments: [],
    shipping_address: { zip: '010101' },
    fulfillment_center_fulfillment_orders: [{ unique_key: 'FO-1', external_identifier: 'WH-77' }],
    metadata: [],
    payment: { cash_on_delivery: true, bank_deposit: false },
    payout: { status: { key: 'at_waybill' }, late: { is_late: false } },
    late: { is_late: false },
    reverse_logistics: { in_transit: { value: false }, received: { value: false } },
    external_app_dates: { created_at: '2024-05-01T08:00:00' },
    managed_by: 'waybill',
    assigned_user_uid: 'usr-1',
    line_items: [],
    comments: { count_: 0, status: null, team: null, until: null },
    poc_1_workflow: null,
    ...overrides,
  };
}

const idle = { active: false, until: null, was_active: false, was_until: null };

export function makeComment(overrides: Partial<Comment> = {}): Comment {
  return {
    uid: 'c-1',
    organization_uid: 'org-1',
    created_at: '2024-05-01T10:00:00',
    entity: {
      kind: 'order',
      data: {
        uid: 'ord-1',
        aggregated_status: { key: 'in_picking', date: '2024-05-01T09:00:00' },
        late: { is_late: false },
      },
    },
    text: 'Customer called about the parcel',
    team: null,
    user_uid: 'usr-2',
    user: { uid: 'usr-2', name: 'Ana Pop', anonymous: null },
    actions: { escalate: { ...idle }, snooze: { ...idle } },
    seen_by: [],
    ...overrides,
  };
}

export function makeStatistics(overrides: Partial<OrderStatistics> = {}): OrderStatistics {
  return {
    count: 1,
    display_statistics: {
      display_priority_0: 1,
      display_priority_1: 2,
      display_priority_2: 3,
      display_priority_3: 4,
      display_priority_4: 5,
      display_priority_5: 6,
    },
    statuses_statistics: [
      { key: 'ready_for_picking', count: 4 },
      { key: 'in_picking', count: 2 },
    ],
    couriers_statistics: [],
    fulfillment_centers_statistics: [],
    assigned_users_statistics: [],
    selling_channels_statistics: [],
    active_orders_statistics: {
      all_orders: { count: 20 },
      active_orders: { count: 15 },
      snoozed_orders: { count: 5 },
    },
    ...overrides,
  };
}

export const warehouse: FulfillmentCenter = {
  uid: 'fc-1',
  name: 'Bucharest Hub',
  timezone: 'Europe/Bucharest',
  address: { country_code: 'RO' },
  display_address: { country_code: 'RO' },
  settings: { shipping: { requires_shipping_label: true } },
};

export const channel: SellingChannel = {
  uid: 'sc-1',
  alias: 'Velvet Store',
  name: 'velvet-store.example',
  kind: 'shopify',
  owner: { address: { country_code: 'RO' } },
};

export const organization: Organization = { uid: 'org-1', name: 'Velvet Ltd' };

export const me: User = {
  uid: 'usr-1',
  name: 'Olivia Ops',
  email: 'ops@example.com',
  department: 'customer_support',
  access_to: ['realtime'],
  superadmin: false,
};

export function makeReference(extra: Partial<ReferenceData> = {}): ReferenceData {
  const organizations = extra.organizations ?? [organization];
  const sellingChannels = extra.sellingChannels ?? [channel];
  const fulfillmentCenters = extra.fulfillmentCenters ?? [warehouse];
  const users = extra.users ?? [me];
  return {
    organizations,
    sellingChannels,
    fulfillmentCenters,
    users,
    organizationsByUid: new Map(organizations.map((o) => [o.uid, o])),
    sellingChannelsByUid: new Map(sellingChannels.map((s) => [s.uid, s])),
    fulfillmentCentersByUid: new Map(fulfillmentCenters.map((f) => [f.uid, f])),
    usersByUid: new Map(users.map((u) => [u.uid, u])),
  };
}
