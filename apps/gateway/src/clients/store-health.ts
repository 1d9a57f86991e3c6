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
