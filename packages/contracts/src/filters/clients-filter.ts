import { z } from 'zod';
import type { AnalyticsSearchBody } from '../backend/analytics.js';
import { CLIENTS_TIME_ZONE, DEFAULT_DISPLAY_PRIORITIES } from '../constants.js';
import {
  type CountPeriod,
  companySizeFilterSchema,
  countPeriodSchema,
  skuFilterSchema,
  sourceAppSchema,
  storeStatusSchema,
} from '../enums/common.js';
import { startOfZonedDay } from '../rules/time.js';
import { type ListWindow, listWindowSchema } from './common.js';

/** Clients analytics filter state. */
export const clientsFilterSchema = z.strictObject({
  // At least one activity card is always on: the screen never sends none (the backend would read
  // an empty list as every priority, which no card shows).
  displayPriorities: z
    .array(z.number().int().min(0).max(5))
    .min(1)
    .max(6)
    .default(() => [...DEFAULT_DISPLAY_PRIORITIES]),
  companyActivityStatus: z.array(storeStatusSchema).min(1).max(3).default(['installed']),
  companiesSize: companySizeFilterSchema.nullable().default(null),
  skusFilter: skuFilterSchema.default('all'),
  companyActivity: countPeriodSchema.default('allCount'),
  sourceApp: sourceAppSchema.default('merchants'),
  // Country keys are upper case ('ro' in a link is Romania, as its option 'RO').
  country: z
    .string()
    .trim()
    .length(2)
    .transform((code) => code.toUpperCase())
    .nullable()
    .default(null),
  courier: z.string().trim().min(1).max(100).nullable().default(null),
  name: z.string().trim().max(200).default(''),
});
export type ClientsFilter = z.infer<typeof clientsFilterSchema>;
export const DEFAULT_CLIENTS_FILTER: ClientsFilter = clientsFilterSchema.parse({});

export const clientsQuerySchema = z.strictObject({
  filter: clientsFilterSchema.default(DEFAULT_CLIENTS_FILTER),
  window: listWindowSchema.default({ skip: 0, limit: 20 }),
});
export type ClientsQuery = z.infer<typeof clientsQuerySchema>;

const PERIOD_DAYS: Record<Exclude<CountPeriod, 'allCount'>, number> = { today: 0, last7: 7, last30: 30 };

/**
 * today / last 7 / last 30 → the start of that day as an ISO timestamp; 'allCount' sends none.
 * Days are counted in the clients screen's zone (Europe/Bucharest, where its times are shown), so
 * 'today' means since local midnight there, not since UTC midnight.
 */
export function lastActivityStart(
  period: CountPeriod,
  now: Date,
  timeZone: string = CLIENTS_TIME_ZONE,
): string | undefined {
  if (period === 'allCount') return undefined;
  return startOfZonedDay(now, timeZone, PERIOD_DAYS[period]).toISOString();
}

/** Company size as the request wants it: the 'size' prefix removed, lower-cased ('sizeXS' / 'XS' → 'xs'). */
export function companySizeRequestKey(size: string): '0' | 'xs' | 's' | 'm' | 'l' | 'xl' | undefined {
  const key = size.replace(/^size/i, '').toLowerCase();
  return key === '0' || key === 'xs' || key === 's' || key === 'm' || key === 'l' || key === 'xl'
    ? key
    : undefined;
}

/** Clients filter state → POST /selling_channels_analytics/search body. */
export function toAnalyticsSearchBody(
  filter: ClientsFilter,
  window: ListWindow,
  now: Date,
): AnalyticsSearchBody {
  const body: AnalyticsSearchBody = {
    skip: window.skip,
    limit: window.limit,
    display_priorities: [...filter.displayPriorities],
    activity_status: [...filter.companyActivityStatus],
    source_app: filter.sourceApp,
  };
  const name = filter.name.trim();
  if (name) body.name = name;
  if (filter.courier) body.courier_keys = [filter.courier];
  if (filter.country) body.country_keys = [filter.country.toUpperCase()];
  const size = filter.companiesSize ? companySizeRequestKey(filter.companiesSize) : undefined;
  if (size) body.company_size = [size];
  const lastActivity = lastActivityStart(filter.companyActivity, now);
  if (lastActivity) body.last_activity = lastActivity;
  if (filter.skusFilter !== 'all') body.sku_interval = filter.skusFilter;
  return body;
}
