import { type AnalyticsSearchBody, STORE_NEW_OUTLINED_DAYS } from '@waybill/contracts';
import type { SimStoreAnalytics } from '../data/types.js';
import type { SimStore } from '../store.js';
import { fieldError } from '../util/errors.js';
import { DAY, parseTimestamp } from '../util/time.js';
import { listFilterSet as setOf } from './list-filter.js';

const NAME = 1;
const COURIER = 2;
const PRIO = 4;
const SIZE = 8;
const STATUS = 16;
const COUNTRY = 32;
const LAST = 64;
const NEW = 128;
const SKU = 256;
const SOURCE = 512;

type SkuBucket = 'less_than_10' | 'between_10_and_99' | 'between_100_and_999' | 'more_than_999';
export function skuBucket(count: number): SkuBucket {
  if (count < 10) return 'less_than_10';
  if (count < 100) return 'between_10_and_99';
  if (count < 1000) return 'between_100_and_999';
  return 'more_than_999';
}

export interface AnalyticsSearchResult {
  total: number;
  page: SimStoreAnalytics[];
  couriers: { key: string | null; count: number }[];
  display: number[];
  sizes: Record<SimStoreAnalytics['size'], number>;
  activity: { all_count: number; today: number; last_7: number; last_30: number };
  countries: { key: string | null; count: number }[];
  skus: Record<SkuBucket | 'all', number>;
  sourceApps: { key: 'all' | 'merchants' | 'store_view'; count: number }[];
}

const byCount = (m: Map<string | null, number>) =>
  [...m.entries()]
    .map(([key, count]) => ({ key, count }))
    .sort((a, b) => b.count - a.count || String(a.key).localeCompare(String(b.key)));

function startOfUtcDay(ms: number, daysBack: number): number {
  const d = new Date(ms);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() - daysBack);
}

/**
 * Stores are sorted by activity priority, then 30-day orders desc, then name. Each statistic
 * ignores its own filter. courier_keys matches stores that shipped with any of the couriers;
 * last_activity matches stores whose latest activity is at or after it; is_new means installed
 * within STORE_NEW_OUTLINED_DAYS; source_app matches stores connected to that app.
 */
export function searchAnalytics(
  store: SimStore,
  body: AnalyticsSearchBody,
  nowMs: number,
): AnalyticsSearchResult {
  const name = body.name?.trim().toLowerCase() ?? '';
  const couriers = setOf(body.courier_keys);
  const priorities = setOf(body.display_priorities);
  const sizes = setOf<string>(body.company_size);
  const statuses = setOf<string>(body.activity_status);
  const countries = setOf(body.country_keys?.map((c) => c.toUpperCase()));
  let lastActivity: number | null = null;
  if (body.last_activity !== undefined) {
    lastActivity = parseTimestamp(body.last_activity);
    if (Number.isNaN(lastActivity)) throw fieldError('last_activity', 'must be an ISO date-time');
  }
  const newSince = nowMs - STORE_NEW_OUTLINED_DAYS * DAY;
  const today = startOfUtcDay(nowMs, 0);
  const last7 = startOfUtcDay(nowMs, 7);
  const last30 = startOfUtcDay(nowMs, 30);

  const matches: SimStoreAnalytics[] = [];
  const courierCounts = new Map<string | null, number>();
  const countryCounts = new Map<string | null, number>();
  const display = [0, 0, 0, 0, 0, 0];
  const sizeCounts: AnalyticsSearchResult['sizes'] = { '0': 0, xs: 0, s: 0, m: 0, l: 0, xl: 0 };
  const activity = { all_count: 0, today: 0, last_7: 0, last_30: 0 };
  const skus: AnalyticsSearchResult['skus'] = {
    all: 0,
    less_than_10: 0,
    between_10_and_99: 0,
    between_100_and_999: 0,
    more_than_999: 0,
  };
  const sources = { all: 0, merchants: 0, store_view: 0 };

  for (const s of store.stores) {
    const lastSeen = s.latest?.lastSeenMs ?? null;
    const isNew = s.installedMs !== null && s.installedMs >= newSince;
    let m = 0;
    if (name && !s.name.toLowerCase().includes(name)) m |= NAME;
    if (couriers && !s.couriers.some((c) => couriers.has(c.courier_id ?? ''))) m |= COURIER;
    if (priorities && !priorities.has(s.display_priority)) m |= PRIO;
    if (sizes && !sizes.has(s.size)) m |= SIZE;
    if (statuses && !statuses.has(s.status)) m |= STATUS;
    if (countries && !countries.has(s.country ?? '')) m |= COUNTRY;
    if (lastActivity !== null && (lastSeen === null || lastSeen < lastActivity)) m |= LAST;
    if (body.is_new !== undefined && isNew !== body.is_new) m |= NEW;
    if (body.sku_interval && skuBucket(s.skuCount) !== body.sku_interval) m |= SKU;
    if (body.source_app && !s.sourceApps.includes(body.source_app)) m |= SOURCE;

    if (m === 0) matches.push(s);
    if ((m & ~COURIER) === 0) {
      for (const c of s.couriers) courierCounts.set(c.courier_id, (courierCounts.get(c.courier_id) ?? 0) + 1);
    }
    if ((m & ~COUNTRY) === 0) countryCounts.set(s.country, (countryCounts.get(s.country) ?? 0) + 1);
    if ((m & ~PRIO) === 0) display[s.display_priority] = (display[s.display_priority] ?? 0) + 1;
    if ((m & ~SIZE) === 0) sizeCounts[s.size] += 1;
    if ((m & ~LAST) === 0) {
      activity.all_count += 1;
      if (lastSeen !== null && lastSeen >= today) activity.today += 1;
      if (lastSeen !== null && lastSeen >= last7) activity.last_7 += 1;
      if (lastSeen !== null && lastSeen >= last30) activity.last_30 += 1;
    }
    if ((m & ~SKU) === 0) {
      skus.all += 1;
      skus[skuBucket(s.skuCount)] += 1;
    }
    if ((m & ~SOURCE) === 0) {
      sources.all += 1;
      if (s.sourceApps.includes('merchants')) sources.merchants += 1;
      if (s.sourceApps.includes('store_view')) sources.store_view += 1;
    }
  }
  matches.sort(
    (a, b) =>
      a.display_priority - b.display_priority || b.orderCount - a.orderCount || a.name.localeCompare(b.name),
  );
  return {
    total: matches.length,
    page: matches.slice(body.skip, body.skip + body.limit),
    couriers: byCount(courierCounts),
    display,
    sizes: sizeCounts,
    activity,
    countries: byCount(countryCounts),
    skus,
    sourceApps: [
      { key: 'all', count: sources.all },
      { key: 'merchants', count: sources.merchants },
      { key: 'store_view', count: sources.store_view },
    ],
  };
}
