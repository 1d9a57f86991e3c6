import { COURIER_KEYS, DEVICE_TYPES, UNKNOWN_COURIER_KEY } from '@waybill/contracts';
import type { Rng } from '../util/prng.js';
import { DAY, HOUR } from '../util/time.js';
import { FIRST_NAMES, FULFILLMENT_SERVICES, LAST_NAMES } from './catalog.js';
import type { SimSellingChannel, SimStoreAnalytics, SourceApp } from './types.js';

/** Store size from average orders over 30 days. */
export function storeSize(orders30d: number): SimStoreAnalytics['size'] {
  if (orders30d === 0) return '0';
  if (orders30d < 30) return 'xs';
  if (orders30d < 300) return 's';
  if (orders30d < 1500) return 'm';
  if (orders30d < 6000) return 'l';
  return 'xl';
}

/** Activity priority from the last time anyone at the merchant was seen: 0 today ... 4 inactive. */
export function activityPriority(lastSeenMs: number | null, nowMs: number): number {
  if (lastSeenMs === null) return 4;
  const age = nowMs - lastSeenMs;
  if (age < DAY) return 0;
  if (age < 3 * DAY) return 1;
  if (age < 7 * DAY) return 2;
  if (age < 30 * DAY) return 3;
  return 4;
}

/** Days of daily orders the sim keeps per store (the analytics row shows the last 30). */
export const STORE_HISTORY_DAYS = 60;

/**
 * The older days of a store's daily orders, and a trend on the last week for some connected stores:
 * about 5 % of busy ones (2+ orders a day) fell by 60-85 %, about 3 % had no order for 3-6 days.
 * Changes `daily` in place (its last entry is today); returns all STORE_HISTORY_DAYS days, oldest first.
 */
function storeHistory(
  daily: number[],
  scale: number,
  status: SimStoreAnalytics['status'],
  rng: Rng,
): number[] {
  const older = Array.from({ length: STORE_HISTORY_DAYS - daily.length }, () =>
    status === 'deleted' ? 0 : Math.max(0, Math.round((scale / 30) * (0.4 + rng.next() * 1.2))),
  );
  if (status === 'installed' && scale >= 60) {
    const trend = rng.next();
    if (trend < 0.05) {
      const keep = 0.15 + rng.next() * 0.25;
      for (let i = daily.length - 8; i < daily.length; i++) daily[i] = Math.round((daily[i] ?? 0) * keep);
    } else if (trend < 0.08) {
      for (let i = daily.length - rng.int(4, 7); i < daily.length; i++) daily[i] = 0;
    }
  }
  return [...older, ...daily];
}

const SHOPIFY_PLANS = ['free', 'paid_1', 'paid_3', 'paid_5', 'paid_7'] as const;

export function generateStores(
  channels: readonly SimSellingChannel[],
  rng: Rng,
  count: number,
  epoch: number,
): SimStoreAnalytics[] {
  return channels.slice(0, Math.max(count, 0)).map((channel) => {
    const createdMs = epoch - rng.int(1, 1500) * DAY - rng.int(0, DAY);
    const status = rng.weighted<SimStoreAnalytics['status']>([
      ['installed', 75],
      ['development', 10],
      ['deleted', 15],
    ]);
    // Recently installed stores exist so the NEW tags show.
    const installedMs =
      status === 'development'
        ? null
        : rng.chance(0.1)
          ? epoch - rng.int(0, 25) * DAY - rng.int(0, DAY)
          : createdMs;
    const scale = rng.weighted([
      [0, 1],
      [5, 3],
      [60, 4],
      [400, 3],
      [2000, 1.5],
      [9000, 0.5],
    ] as const);
    const daily = Array.from({ length: 30 }, () =>
      status === 'deleted' ? 0 : Math.max(0, Math.round((scale / 30) * (0.4 + rng.next() * 1.2))),
    );
    // Store health (its own random stream, so the rest of the data set is unchanged): older days
    // before the 30, and a few connected stores whose orders fell or stopped lately.
    const history = storeHistory(daily, scale, status, rng.fork(`history/${channel.uid}`));
    const orderCount = daily.reduce((a, b) => a + b, 0);
    const couriers: SimStoreAnalytics['couriers'] = [];
    const courierCount = orderCount === 0 ? 0 : rng.int(1, 4);
    const used = new Set<string | null>();
    for (let i = 0; i < courierCount; i++) {
      const id = rng.chance(0.08) ? null : rng.chance(0.08) ? UNKNOWN_COURIER_KEY : rng.pick(COURIER_KEYS);
      if (used.has(id)) continue;
      used.add(id);
      couriers.push({ courier_id: id, count: Math.max(1, Math.round(orderCount * rng.next())) });
    }
    couriers.sort((a, b) => b.count - a.count);
    const people: SimStoreAnalytics['people'] = [];
    const peopleCount = status === 'deleted' ? rng.int(0, 1) : rng.int(0, 4);
    for (let i = 0; i < peopleCount; i++) {
      const first = rng.pick(FIRST_NAMES);
      const last = rng.pick(LAST_NAMES);
      people.push({
        user: {
          uid: `mu_${rng.hex(16)}`,
          name: `${first} ${last}`,
          email: `${first}.${last}@${channel.domain.replace(/^www\./, '')}`.toLowerCase(),
        },
        lastSeenMs: epoch - Math.floor(rng.next() ** 2 * 60 * DAY) - rng.int(0, HOUR),
        device: rng.weighted([
          [DEVICE_TYPES[0], 6],
          [DEVICE_TYPES[1], 1],
          [DEVICE_TYPES[2], 3],
        ] as const),
      });
    }
    people.sort((a, b) => b.lastSeenMs - a.lastSeenMs);
    const top = people[0];
    const latest = top
      ? { user_uid: top.user.uid, lastSeenMs: top.lastSeenMs, score: Math.round(rng.next() * 1000) / 10 }
      : rng.chance(0.3)
        ? { user_uid: null, lastSeenMs: null, score: 0 }
        : null;
    const sourceApps = rng.weighted<SourceApp[]>([
      [['merchants'], 6],
      [['store_view'], 2],
      [['merchants', 'store_view'], 3],
    ]);
    const slugName = channel.domain.replace(/^www\./, '').split('.')[0] ?? channel.uid;
    return {
      uid: channel.uid,
      name: channel.domain,
      kind: channel.kind,
      display_priority: activityPriority(latest?.lastSeenMs ?? null, epoch),
      appLink: channel.kind === 'shopify' ? `https://admin.shopify.example/store/${slugName}` : null,
      biLink: rng.chance(0.5) ? `https://bi.waybill.example/stores/${slugName}` : null,
      plan: channel.kind === 'shopify' ? (status === 'development' ? 'free' : rng.pick(SHOPIFY_PLANS)) : null,
      country: channel.country,
      services: Array.from({ length: rng.int(0, 3) }, () => rng.pick(FULFILLMENT_SERVICES)),
      createdMs,
      installedMs,
      deletedMs: status === 'deleted' ? Math.min(epoch, createdMs + rng.int(10, 400) * DAY) : null,
      status,
      size: storeSize(orderCount),
      orderCount,
      daily,
      history,
      skuCount: rng.weighted([
        [rng.int(0, 9), 3],
        [rng.int(10, 99), 4],
        [rng.int(100, 999), 3],
        [rng.int(1000, 8000), 1],
      ]),
      couriers,
      latest,
      people,
      sourceApps,
    };
  });
}
