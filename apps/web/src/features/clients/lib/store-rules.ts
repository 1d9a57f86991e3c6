import {
  ACTIVITY_RECENT_DAYS,
  COURIER_FLAG_SHARE,
  COURIER_POPOVER_GROUPS,
  COURIERS,
  isCourierKey,
  MAX_COURIER_LOGOS,
  type PlanTier,
  parseServerTime,
  relativeTime,
  type SellingChannelAnalyticsRow,
  STORE_NEW_OUTLINED_DAYS,
  STORE_NEW_SOLID_DAYS,
  type StoreSize,
  UNKNOWN_COURIER_KEY,
} from '@waybill/contracts';

const DAY = 86_400_000;

export const ACTIVITY_PRIORITY_LABELS = [
  'Super Active',
  'Highly Active',
  'Fairly Active',
  'Slightly Active',
  'Completely Inactive',
] as const;

/** App link of a store: the shopify app link, else the BI app link, else none. */
export function storeAppLink(metadata: readonly { key: string; value: string | null }[]): string | null {
  const pick = (key: string) => metadata.find((m) => m.key === key && m.value)?.value ?? null;
  const link = pick('shopify_app_link') ?? pick('bi_app_link');
  return link && /^https?:\/\//i.test(link) ? link : null;
}

export type StoreState = 'installed' | 'development' | 'uninstalled';

/** Deleted activity status shows as uninstalled; a free plan on shopify shows as development. */
export function storeState(row: Pick<SellingChannelAnalyticsRow, 'kind' | 'store' | 'activity'>): StoreState {
  if (row.activity.status === 'deleted') return 'uninstalled';
  if (row.kind === 'shopify' && row.store.plan_name === 'free') return 'development';
  if (row.activity.status === 'development') return 'development';
  return 'installed';
}

/** Shopify tiers with their own label; unlisted paid tiers take the nearest lower named tier (our decision). */
const SHOPIFY_PLAN_LABELS: Record<PlanTier, string> = {
  free: 'DEVELOPMENT',
  paid_1: 'BASIC',
  paid_2: 'BASIC',
  paid_3: 'SHOPIFY',
  paid_4: 'SHOPIFY',
  paid_5: 'ADVANCED',
  paid_6: 'ADVANCED',
  paid_7: 'PLUS',
  paid_8: 'PLUS',
};

/** Plan badge: shopify tiers by name, Magento 'MAGENTO', every other kind 'DEV'. */
export function planBadge(kind: string, plan: PlanTier | null): string {
  if (kind === 'shopify') return plan ? SHOPIFY_PLAN_LABELS[plan] : 'SHOPIFY';
  if (kind === 'magento2') return 'MAGENTO';
  return 'DEV';
}

/** Company-size badge: label and opacity (1 for XL, L, M; 0.64 for S; 0.32 for XS and 0). */
export function sizeBadge(size: StoreSize, state: StoreState): { label: string; opacity: number } {
  // Uninstalled stores show a faded badge with no label.
  if (state === 'uninstalled') return { label: '', opacity: 0.32 };
  const label = size === '0' ? '0' : size.toUpperCase();
  if (size === 'xl' || size === 'l' || size === 'm') return { label, opacity: 1 };
  if (size === 's') return { label, opacity: 0.64 };
  return { label, opacity: 0.32 };
}

export type NewTag = 'solid' | 'outlined' | null;

/** NEW tag: solid under 10 days since install, outlined from 10 to under 20 days, then none. */
export function newTag(installedAt: string | null, createdAt: string, now: Date): NewTag {
  const since = parseServerTime(installedAt ?? createdAt);
  if (!since) return null;
  const days = (now.getTime() - since.getTime()) / DAY;
  if (days < 0) return 'solid';
  if (days < STORE_NEW_SOLID_DAYS) return 'solid';
  if (days < STORE_NEW_OUTLINED_DAYS) return 'outlined';
  return null;
}

/** Store age: days under 1 year, otherwise years. */
export function storeAge(createdAt: string, now: Date): string {
  const created = parseServerTime(createdAt);
  if (!created) return '-';
  const days = Math.max(0, Math.floor((now.getTime() - created.getTime()) / DAY));
  if (days < 365) return `${days} day${days === 1 ? '' : 's'}`;
  const years = Math.floor(days / 365);
  return `${years} year${years === 1 ? '' : 's'}`;
}

export interface ActivityPill {
  score: number;
  /** Relative time inside the score pill when last seen within 3 days. */
  inlineTime: string | null;
  /** Relative time in its own pill otherwise. */
  separateTime: string | null;
}

/** Activity pill; null (empty placeholder) when there is no latest user. */
export function activityPill(
  latest: SellingChannelAnalyticsRow['statistics']['activity']['latest'],
  now: Date,
): ActivityPill | null {
  if (!latest || latest.user_uid === null) return null;
  const seen = parseServerTime(latest.last_seen_at);
  const score = Math.round(latest.score);
  if (!seen) return { score, inlineTime: null, separateTime: null };
  const text = relativeTime(seen, now);
  const recent = now.getTime() - seen.getTime() <= ACTIVITY_RECENT_DAYS * DAY;
  return { score, inlineTime: recent ? text : null, separateTime: recent ? null : text };
}

export type CourierCell =
  | { kind: 'missing' }
  | { kind: 'unknown' }
  | { kind: 'empty' }
  | { kind: 'logos'; logos: { logo: string; name: string; courierId: string }[] };

/**
 * Couriers cell: 'Missing Couriers' when null-id couriers exceed 10% of the total, 'Unknown Couriers'
 * when manually-added unknown ones do; otherwise up to 3 distinct logos by count descending.
 */
export function courierCell(couriers: readonly { courier_id: string | null; count: number }[]): CourierCell {
  if (couriers.length === 0) return { kind: 'empty' };
  const total = couriers.reduce((sum, c) => sum + c.count, 0);
  const share = (predicate: (id: string | null) => boolean) =>
    total > 0 ? couriers.filter((c) => predicate(c.courier_id)).reduce((s, c) => s + c.count, 0) / total : 0;
  if (share((id) => id === null) > COURIER_FLAG_SHARE) return { kind: 'missing' };
  if (share((id) => id === UNKNOWN_COURIER_KEY) > COURIER_FLAG_SHARE) return { kind: 'unknown' };
  const sorted = couriers
    .filter((c) => c.courier_id !== null && c.courier_id !== UNKNOWN_COURIER_KEY)
    .sort((a, b) => b.count - a.count);
  const logos: { logo: string; name: string; courierId: string }[] = [];
  for (const c of sorted) {
    const id = c.courier_id as string;
    const logo = isCourierKey(id) ? COURIERS[id].logo : id;
    if (logos.some((l) => l.logo === logo)) continue;
    logos.push({ logo, name: courierName(id), courierId: id });
    if (logos.length === MAX_COURIER_LOGOS) break;
  }
  return logos.length > 0 ? { kind: 'logos', logos } : { kind: 'empty' };
}

/** Courier short name; an unknown courier id shows 'Courier'. */
export function courierName(id: string | null): string {
  if (isCourierKey(id)) return COURIERS[id].short;
  return 'Courier';
}

export interface CourierShare {
  label: string;
  count: number;
  /** Rounded up; below 1% shows '<1'. */
  percent: string;
  share: number;
}

const GROUPS = new Map<string, string>();
for (const [group, keys] of Object.entries(COURIER_POPOVER_GROUPS)) {
  for (const key of keys) GROUPS.set(key, group);
}

/** Percent text: rounded up, '<1' below 1%. */
export function percentText(share: number): string {
  const pct = share * 100;
  if (pct > 0 && pct < 1) return '<1';
  return String(Math.ceil(pct - 1e-9));
}

/** Courier popover / share bar rows: GLS, Cargus and DPD variants merged, by count descending. */
export function courierShares(
  couriers: readonly { courier_id: string | null; count: number }[],
): CourierShare[] {
  const total = couriers.reduce((sum, c) => sum + c.count, 0);
  if (total === 0) return [];
  const byLabel = new Map<string, number>();
  for (const c of couriers) {
    const id = c.courier_id;
    const label =
      id === null
        ? 'Missing'
        : id === UNKNOWN_COURIER_KEY
          ? 'Unknown'
          : (GROUPS.get(id) ?? (isCourierKey(id) ? COURIERS[id].long : 'Courier'));
    byLabel.set(label, (byLabel.get(label) ?? 0) + c.count);
  }
  return [...byLabel.entries()]
    .map(([label, count]) => ({ label, count, share: count / total, percent: percentText(count / total) }))
    .sort((a, b) => b.count - a.count || a.label.localeCompare(b.label));
}

/** Locations count and the first location's fulfillment service name. */
export function locationsSummary(locations: SellingChannelAnalyticsRow['fulfillment_locations']): {
  count: number;
  firstService: string | null;
} {
  return {
    count: locations.length,
    firstService: locations[0]?.fulfillment_services[0]?.service_name ?? null,
  };
}
