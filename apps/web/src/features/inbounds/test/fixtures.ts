import {
  type FulfillmentCenter,
  type Inbound,
  type InboundDetailResponse,
  type InboundStatisticsRow,
  type InboundsSearchResponse,
  type InventoryItem,
  inboundDetailResponseSchema,
  inboundSchema,
  inboundsSearchResponseSchema,
  type Organization,
  type User,
} from '@waybill/contracts';

export const NOW = new Date();
const iso = (msAgo: number) => new Date(NOW.getTime() - msAgo).toISOString();
const DAY = 86_400_000;

export const USERS: User[] = [
  { uid: 'u-olivia', name: 'Olivia Ops', department: 'customer_support', access_to: [], superadmin: false },
  { uid: 'u-dan', name: 'Dan Developer', department: 'development', access_to: [], superadmin: false },
  { uid: 'u-ada', name: 'Ada Admin', department: null, access_to: [], superadmin: true },
];

export const ORGANIZATIONS: Organization[] = Array.from({ length: 30 }, (_, i) => ({
  uid: `org-${i}`,
  name: `Merchant ${String(i).padStart(2, '0')}`,
}));

export const WAREHOUSES: FulfillmentCenter[] = [
  {
    uid: 'fc-buc',
    name: 'Bucharest North',
    timezone: 'Europe/Bucharest',
    address: { country_code: 'RO' },
    display_address: { country_code: 'RO' },
    settings: { shipping: { requires_shipping_label: true } },
  },
  {
    uid: 'fc-bud',
    name: 'Budapest East',
    timezone: 'Europe/Budapest',
    address: { country_code: 'HU' },
    display_address: { country_code: 'HU' },
    settings: { shipping: { requires_shipping_label: true } },
  },
];

let seq = 0;
export function makeInbound(extra: Partial<Inbound> = {}): Inbound {
  seq += 1;
  return inboundSchema.parse({
    uid: `ib-${seq}`,
    name: `RCP-2024-${String(seq).padStart(5, '0')}`,
    status: 'in_transit',
    display_priority: 3,
    expected_date: iso(-2 * DAY),
    external_dates: { created_at: iso(10 * DAY), updated_at: iso(2 * 3_600_000) },
    external_data: { identifier: `EXT-${seq}` },
    fulfillment_center_uid: 'fc-buc',
    organization_uid: 'org-0',
    assigned_user_uid: 'u-olivia',
    late: { is_late: false },
    line_items_computed: {
      items: [
        {
          uid: `li-${seq}-a`,
          inventory_item_uid: 'item-a',
          incoming: 120,
          available: 0,
          missing: 0,
          defects: 0,
          junk: 0,
        },
        {
          uid: `li-${seq}-b`,
          inventory_item_uid: 'item-b',
          incoming: 0,
          available: 5,
          missing: 2,
          defects: 0,
          junk: 1,
        },
      ],
      incoming_total: 120,
    },
    ...extra,
  });
}

export function statRow(key: string | null, counts: Partial<Record<number, number>>): InboundStatisticsRow {
  const row: Record<string, unknown> = { key };
  let total = 0;
  for (let p = 0; p <= 6; p++) {
    const c = counts[p] ?? 0;
    row[`count_display_priority_${p}`] = c;
    total += c;
  }
  row.count_display_priority_all = total;
  row.count_general = total;
  return row as InboundStatisticsRow;
}

export function searchResponse(
  rows: Inbound[],
  extra: Partial<InboundsSearchResponse> = {},
): InboundsSearchResponse {
  return inboundsSearchResponseSchema.parse({
    inventory_receipts: rows,
    document_count: rows.length,
    fulfillment_centers_statistics: [statRow('fc-buc', { 3: 2 }), statRow('fc-bud', { 1: 1 })],
    organizations_statistics: ORGANIZATIONS.map((o, i) => statRow(o.uid, { [i % 5]: 30 - i })),
    assigned_users_statistics: [
      statRow('count_general', { 3: 5 }),
      statRow('u-olivia', { 3: 3 }),
      statRow('u-dan', { 2: 1 }),
      statRow('u-ada', { 0: 1 }),
    ],
    statuses_statistics: [statRow('in_transit', { 3: 2 }), statRow('arrived', { 2: 1 })],
    number_of_lates_statistics: { number_of_inventory_receipts_late: 1 },
    number_of_items_statistics: [
      { kind: 'truck', count: 1 },
      { kind: 'pallet', count: 3 },
      { kind: 'package', count: 0 },
    ],
    display_statistics: {
      display_priority_0: 1,
      display_priority_1: 0,
      display_priority_2: 2,
      display_priority_3: 4,
      display_priority_4: 7,
      display_priority_5: 0,
      display_priority_6: 0,
    },
    ...extra,
  });
}

/** The live snapshot message for a search answer, as inbounds.live sends it. */
export function snapshotOf(response: InboundsSearchResponse, hasMore = false) {
  const { inventory_receipts, ...meta } = response;
  return { kind: 'snapshot' as const, rows: inventory_receipts, meta: { ...meta, hasMore } };
}

export const ITEMS: InventoryItem[] = [
  {
    uid: 'item-a',
    created_at: iso(5 * DAY),
    images: [{ src: 'https://cdn.example/a.jpg' }],
    title_1: 'Linen Shirt',
    title_2: 'Blue / M',
    codes: [
      { key: 'barcode', value: '5941234567890' },
      { key: 'sku', value: 'LS-BLUE-M' },
    ],
  },
  {
    uid: 'item-b',
    created_at: iso(400 * DAY),
    images: [],
    title_1: 'Canvas Tote',
    title_2: null,
    codes: [{ key: 'sku', value: 'CT-NAT' }],
  },
];

export function detailResponse(inbound: Inbound): InboundDetailResponse {
  return inboundDetailResponseSchema.parse({ inventory_receipt: inbound, inventory_items: ITEMS });
}

/** The reference procedures every inbound screen asks for. */
export function referenceHandlers(me: User = USERS[0]!) {
  return {
    'users.me': () => ({ user: me }),
    'users.all': () => ({ users: USERS }),
    'reference.organizations': () => ({ organizations: ORGANIZATIONS }),
    'reference.fulfillmentCenters': () => ({ fulfillment_centers: WAREHOUSES }),
  };
}
