import type { Comment, Order } from '../backend/orders.js';

/** Test-only builders, shared by the apps' tests as `@waybill/contracts/test-fixtures` (not in the package index). */
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
    assigned_user_uid: 'user-1',
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
    text: 'Customer called about it',
    team: null,
    user_uid: 'user-1',
    user: { uid: 'user-1', name: 'Ana Pop', anonymous: null },
    actions: { escalate: { ...idle }, snooze: { ...idle } },
    seen_by: [],
    ...overrides,
  };
}
