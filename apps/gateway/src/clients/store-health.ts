import {
  DAILY_ORDERS_MAX_STORES,
  HEALTH_SERIES_DAYS,
  type SellingChannelAnalyticsRow,
  type StoreHealthReason,
  storeHealth,
  storeHealthText,
} from '@waybill/contracts';
import type { BackendClient } from '../backend/backend-client.js';

/** Stores read per analytics page (a scheduler cost of 8, like a 200-row list window). */
export const STORE_HEALTH_PAGE = 200;
/** Most connected stores one health check reads; more are left out and `truncated` says so. */
export const STORE_HEALTH_MAX_STORES = 10_000;
/**
 * One user's report is reused this long (and shared while it is being made): a check costs up to
 * 70 backend calls, the data moves by the day, and every open clients screen asks every 5 minutes.
 */
export const STORE_HEALTH_REUSE_MS = 60_000;
/** Most reports kept at once (one per backend token); the oldest goes first. */
const STORE_HEALTH_CACHED_TOKENS = 1000;

export interface StoreNeedingAttention {
  uid: string;
  name: string;
  reasons: StoreHealthReason[];
  /** The reasons in the console's words ("orders −64 % vs 4-week average"). */
  reasonText: string;
  /** The store's analytics row, so a screen can show it as in the clients list. */
  store: SellingChannelAnalyticsRow;
}

export interface StoreHealthReport {
  checkedAt: string;
  /** Connected stores checked. */
  checked: number;
  truncated: boolean;
  stores: StoreNeedingAttention[];
}

/**
 * Store health over every connected (installed) store: their analytics rows page by page, then their
 * daily orders (HEALTH_SERIES_DAYS + today) in batches, judged by contracts' storeHealth. Most
 * affected first (no-order streaks, then the largest drops).
 */
export async function readStoreHealth(
  backend: BackendClient,
  token: string,
  now: Date,
  signal?: AbortSignal,
): Promise<StoreHealthReport> {
  const stores: SellingChannelAnalyticsRow[] = [];
  let truncated = false;
  for (let skip = 0; ; skip += STORE_HEALTH_PAGE) {
    if (skip >= STORE_HEALTH_MAX_STORES) {
      truncated = true;
      break;
    }
    const page = await backend.call('analytics.search', {
      token,
      body: { skip, limit: STORE_HEALTH_PAGE, activity_status: ['installed'] },
      signal,
    });
    stores.push(...page.selling_channels_analytics);
    if (page.selling_channels_analytics.length < STORE_HEALTH_PAGE) break;
  }

  const byUid = new Map(stores.map((store) => [store.uid, store]));
  const flagged: StoreNeedingAttention[] = [];
  for (let i = 0; i < stores.length; i += DAILY_ORDERS_MAX_STORES) {
    const uids = stores.slice(i, i + DAILY_ORDERS_MAX_STORES).map((store) => store.uid);
    const answer = await backend.call('analytics.dailyOrders', {
      token,
      body: { selling_channel_uids: uids, days: HEALTH_SERIES_DAYS + 1 },
      signal,
    });
    for (const series of answer.daily_orders) {
      const store = byUid.get(series.selling_channel_uid);
      if (!store) continue;
      const health = storeHealth({ startDate: series.start_date, counts: series.counts }, now);
      if (!health.needsAttention) continue;
      flagged.push({
        uid: store.uid,
        name: store.name,
        reasons: health.reasons,
        reasonText: storeHealthText(health),
        store,
      });
    }
  }
  flagged.sort((a, b) => severity(b) - severity(a) || a.name.localeCompare(b.name));
  return { checkedAt: now.toISOString(), checked: stores.length, truncated, stores: flagged };
}

/** No-order days weigh more than any drop; then the larger drop. */
function severity(store: StoreNeedingAttention): number {
  let score = 0;
  for (const reason of store.reasons) {
    score += reason.kind === 'silent' ? 1000 + reason.days : -reason.percent;
  }
  return score;
}

interface CachedReport {
  at: number;
  report: Promise<StoreHealthReport>;
}
const caches = new WeakMap<BackendClient, Map<string, CachedReport>>();

/**
 * `readStoreHealth` for one backend token, reused for STORE_HEALTH_REUSE_MS and shared by calls
 * that overlap. A failed check is not kept. The shared check is not tied to one caller's request.
 */
export function cachedStoreHealth(backend: BackendClient, token: string, nowMs = Date.now()) {
  let cache = caches.get(backend);
  if (!cache) {
    cache = new Map();
    caches.set(backend, cache);
  }
  const hit = cache.get(token);
  if (hit && nowMs - hit.at < STORE_HEALTH_REUSE_MS) return hit.report;
  for (const [key, entry] of cache) if (nowMs - entry.at >= STORE_HEALTH_REUSE_MS) cache.delete(key);
  while (cache.size >= STORE_HEALTH_CACHED_TOKENS) cache.delete(cache.keys().next().value as string);
  const report = readStoreHealth(backend, token, new Date(nowMs));
  const entry = { at: nowMs, report };
  cache.set(token, entry);
  report.catch(() => {
    if (cache.get(token) === entry) cache.delete(token);
  });
  return report;
}
