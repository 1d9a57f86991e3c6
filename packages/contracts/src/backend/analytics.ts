import { z } from 'zod';
import { planTierSchema, storeSizeSchema } from '../enums/common.js';
import { keyValueSchema, timestampSchema, uidSchema } from './common.js';

const n = z.number().int().nonnegative();

export const sellingChannelAnalyticsRowSchema = z.looseObject({
  uid: uidSchema,
  name: z.string(),
  kind: z.string(),
  display_priority: z.number().int().min(0).max(4),
  metadata: z.array(keyValueSchema),
  store: z.looseObject({ plan_name: planTierSchema.nullable() }),
  owner: z
    .looseObject({ address: z.looseObject({ country_code: z.string().nullable() }).nullable() })
    .nullable(),
  fulfillment_locations: z.array(
    z.looseObject({ fulfillment_services: z.array(z.looseObject({ service_name: z.string() })) }),
  ),
  activity: z.looseObject({
    created_at: timestampSchema,
    installed_at: timestampSchema.nullable(),
    deleted_at: timestampSchema.nullable(),
    status: z.string(),
  }),
  statistics: z.looseObject({
    orders: z.looseObject({ size: storeSizeSchema, count: n, daily: z.array(n).optional() }),
    inventory_items: z.looseObject({ count: n }),
    couriers: z.array(z.looseObject({ courier_id: z.string().nullable(), count: n })),
    activity: z.looseObject({
      latest: z
        .looseObject({
          user_uid: uidSchema.nullable(),
          last_seen_at: timestampSchema.nullable(),
          score: z.number(),
        })
        .nullable(),
      people: z.array(
        z.looseObject({
          user: z.looseObject({ uid: uidSchema, name: z.string(), email: z.string() }),
          last_seen_at: timestampSchema,
          browser: z.looseObject({ device_type: z.enum(['desktop', 'tablet', 'mobile']) }),
        }),
      ),
    }),
  }),
});
export type SellingChannelAnalyticsRow = z.infer<typeof sellingChannelAnalyticsRowSchema>;

export const analyticsSearchBodySchema = z.strictObject({
  skip: n,
  limit: z.number().int().positive().max(10_000),
  name: z.string().optional(),
  courier_keys: z.array(z.string()).optional(),
  display_priorities: z.array(z.number().int().min(0).max(5)).optional(),
  company_size: z.array(z.enum(['0', 'xs', 's', 'm', 'l', 'xl'])).optional(),
  activity_status: z.array(z.enum(['installed', 'development', 'deleted'])).optional(),
  country_keys: z.array(z.string()).optional(),
  last_activity: timestampSchema.optional(),
  is_new: z.boolean().optional(),
  sku_interval: z
    .enum(['less_than_10', 'between_10_and_99', 'between_100_and_999', 'more_than_999'])
    .optional(),
  source_app: z.enum(['store_view', 'merchants']).optional(),
});
export type AnalyticsSearchBody = z.infer<typeof analyticsSearchBodySchema>;

const keyCount = z.looseObject({ key: z.string().nullable(), count: n });

export const analyticsSearchResponseSchema = z.looseObject({
  selling_channels_analytics: z.array(sellingChannelAnalyticsRowSchema),
  count: n,
  couriers_statistics: z.array(keyCount),
  display_statistics: z.looseObject({
    display_priority_0: n,
    display_priority_1: n,
    display_priority_2: n,
    display_priority_3: n,
    display_priority_4: n,
    display_priority_5: n,
  }),
  company_size_statistics: z.looseObject({
    size_0: n,
    size_xs: n,
    size_s: n,
    size_m: n,
    size_l: n,
    size_xl: n,
  }),
  company_activity_statistics: z.looseObject({ all_count: n, today: n, last_7: n, last_30: n }),
  countries_statistics: z.array(keyCount),
  sku_statistics: z.looseObject({
    all: n,
    less_than_10: n,
    between_10_and_99: n,
    between_100_and_999: n,
    more_than_999: n,
  }),
  source_app_statistics: z.array(
    z.looseObject({ key: z.enum(['all', 'merchants', 'store_view']), count: n }),
  ),
});
export type AnalyticsSearchResponse = z.infer<typeof analyticsSearchResponseSchema>;

/** Most stores one daily-orders call answers for. */
export const DAILY_ORDERS_MAX_STORES = 500;
/** Most days one daily-orders call answers for. */
export const DAILY_ORDERS_MAX_DAYS = 90;

/** Per-store daily order counts (store health needs 35 days; the analytics row carries 30). */
export const dailyOrdersBodySchema = z.strictObject({
  selling_channel_uids: z.array(uidSchema).min(1).max(DAILY_ORDERS_MAX_STORES),
  days: z.number().int().min(1).max(DAILY_ORDERS_MAX_DAYS),
});

/** `counts[i]` is the store's orders on UTC day `start_date + i`; the last entry is the backend's today. */
export const dailyOrdersResponseSchema = z.looseObject({
  daily_orders: z.array(
    z.looseObject({
      selling_channel_uid: uidSchema,
      start_date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
      counts: z.array(n),
    }),
  ),
});
