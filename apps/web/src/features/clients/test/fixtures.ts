import {
  type AnalyticsSearchResponse,
  analyticsSearchResponseSchema,
  type SellingChannelAnalyticsRow,
  sellingChannelAnalyticsRowSchema,
} from '@waybill/contracts';

export const NOW = new Date();
const DAY = 86_400_000;
const iso = (msAgo: number) => new Date(NOW.getTime() - msAgo).toISOString();

let seq = 0;
type RowPatch = Omit<Partial<SellingChannelAnalyticsRow>, 'statistics' | 'activity'> & {
  statistics?: Partial<SellingChannelAnalyticsRow['statistics']>;
  activity?: Partial<SellingChannelAnalyticsRow['activity']>;
};

export function makeStore(extra: RowPatch = {}): SellingChannelAnalyticsRow {
  seq += 1;
  const { statistics, activity, ...rest } = extra;
  return sellingChannelAnalyticsRowSchema.parse({
    uid: `sc-${seq}`,
    name: `www.store-${seq}.ro`,
    kind: 'shopify',
    display_priority: 0,
    metadata: [{ key: 'shopify_app_link', value: `https://admin.shopify.example/store/store-${seq}` }],
    store: { plan_name: 'paid_3' },
    owner: { address: { country_code: 'ro' } },
    fulfillment_locations: [{ fulfillment_services: [{ service_name: 'Waybill Fulfilment' }] }],
    activity: {
      created_at: iso(800 * DAY),
      installed_at: iso(700 * DAY),
      deleted_at: null,
      status: 'installed',
      ...activity,
    },
    statistics: {
      orders: { size: 'm', count: 412, daily: Array.from({ length: 30 }, (_, i) => 10 + (i % 5)) },
      inventory_items: { count: 57 },
      couriers: [
        { courier_id: 'gls_ro', count: 300 },
        { courier_id: 'cargus_ro', count: 100 },
        { courier_id: 'urgent_cargus', count: 12 },
      ],
      activity: {
        latest: { user_uid: 'mu-1', last_seen_at: iso(2 * 3_600_000), score: 82.6 },
        people: [
          {
            user: { uid: 'mu-1', name: 'Ioana Pop', email: 'ioana@store.ro' },
            last_seen_at: iso(2 * 3_600_000),
            browser: { device_type: 'desktop' },
          },
        ],
      },
      ...statistics,
    },
    ...rest,
  });
}

export function analyticsResponse(
  rows: SellingChannelAnalyticsRow[],
  extra: Partial<AnalyticsSearchResponse> = {},
): AnalyticsSearchResponse {
  return analyticsSearchResponseSchema.parse({
    selling_channels_analytics: rows,
    count: rows.length,
    couriers_statistics: [
      { key: 'gls_ro', count: 12 },
      { key: 'dpd_ro', count: 4 },
      { key: null, count: 2 },
    ],
    display_statistics: {
      display_priority_0: 5,
      display_priority_1: 0,
      display_priority_2: 3,
      display_priority_3: 1,
      display_priority_4: 9,
      display_priority_5: 0,
    },
    company_size_statistics: { size_0: 1, size_xs: 2, size_s: 3, size_m: 4, size_l: 0, size_xl: 1 },
    company_activity_statistics: { all_count: 18, today: 0, last_7: 6, last_30: 11 },
    countries_statistics: [
      { key: 'ro', count: 10 },
      { key: 'hu', count: 5 },
    ],
    sku_statistics: {
      all: 18,
      less_than_10: 4,
      between_10_and_99: 9,
      between_100_and_999: 0,
      more_than_999: 5,
    },
    source_app_statistics: [
      { key: 'all', count: 18 },
      { key: 'merchants', count: 14 },
      { key: 'store_view', count: 7 },
    ],
    ...extra,
  });
}

export function snapshotOf(response: AnalyticsSearchResponse, hasMore = false) {
  const { selling_channels_analytics, ...meta } = response;
  return { kind: 'snapshot' as const, rows: selling_channels_analytics, meta: { ...meta, hasMore } };
}
