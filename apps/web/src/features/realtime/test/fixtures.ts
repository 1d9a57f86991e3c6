import type {
  Comment,
  FulfillmentCenter,
  Order,
  OrderStatistics,
  Organization,
  SellingChannel,
  User,
} from '@waybill/contracts';
import { makeComment as baseComment, makeOrder as baseOrder } from '@waybill/contracts/test-fixtures';
import type { ReferenceData } from '../../../hooks/use-reference-data.js';

/** Test builders for the realtime feature: contracts' builders with this feature's signed-in user. */
export function makeOrder(overrides: Partial<Order> = {}): Order {
  return baseOrder({ assigned_user_uid: 'usr-1', ...overrides });
}

export function makeComment(overrides: Partial<Comment> = {}): Comment {
  return baseComment({
    text: 'Customer called about the parcel',
    user_uid: 'usr-2',
    user: { uid: 'usr-2', name: 'Ana Pop', anonymous: null },
    ...overrides,
  });
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
