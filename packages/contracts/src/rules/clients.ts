import type { SellingChannelAnalyticsRow } from '../backend/analytics.js';
import {
  ACTIVITY_RECENT_DAYS,
  COURIER_FLAG_SHARE,
  MAX_COURIER_LOGOS,
  NEW_ITEM_DAYS,
  STORE_NEW_OUTLINED_DAYS,
  STORE_NEW_SOLID_DAYS,
} from '../constants.js';
import type { PlanTier } from '../enums/common.js';
import { COURIER_POPOVER_GROUPS, COURIERS, isCourierKey, UNKNOWN_COURIER_KEY } from '../enums/couriers.js';
import { PLACEHOLDERS } from './text.js';
import { DAY_MS, parseServerTime, relativeTime } from './time.js';

/** Clients analytics row rules: size and plan badges, NEW tags, store age, courier cell, activity pill. */

/** 'sizeXS', 'XS' or 'xs' → 'xs': the 'size' prefix removed, lower-cased (also the request form). */
export function normaliseSizeKey(size: string): string {
  return size.replace(/^size/i, '').toLowerCase();
}

const SIZE_OPACITY: Record<string, number> = { xl: 1, l: 1, m: 1, s: 0.64, xs: 0.32, '0': 0.32 };

/** Badge text of a store with no orders in 30 days (size '0'). */
export const NO_SIZE_LABEL = '-';

export interface SizeBadge {
  label: string | null;
  opacity: number;
  uninstalled: boolean;
}

/** Size badge: opacity 1 for XL, L, M; 0.64 for S; 0.32 for XS. An uninstalled store's badge is faded, without label. */
export function sizeBadge(size: string, activityStatus: string): SizeBadge {
  const key = normaliseSizeKey(size);
  if (activityStatus === 'deleted') return { label: null, opacity: 0.32, uninstalled: true };
  // Size '0' is no orders in 30 days, not a size: the badge reads '-' (NO_SIZE_LABEL).
  const label = key === '0' ? NO_SIZE_LABEL : key.toUpperCase();
  return { label, opacity: SIZE_OPACITY[key] ?? 0.32, uninstalled: false };
}

/** Store status as displayed: deleted means uninstalled; a free plan on shopify shows as development. */
export function storeDisplayStatus(
  row: Pick<SellingChannelAnalyticsRow, 'kind' | 'activity'> & { store: { plan_name: PlanTier | null } },
): 'uninstalled' | 'development' | 'installed' | string {
  if (row.activity.status === 'deleted') return 'uninstalled';
  if (row.kind === 'shopify' && row.store.plan_name === 'free') return 'development';
  return row.activity.status;
}

// Unnamed tiers: not a stated rule; decided in docs/decisions/contracts.md: the nearest lower named tier.
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

/** Plan badge: shopify paid_1 BASIC, paid_3 SHOPIFY, paid_5 ADVANCED, paid_7 PLUS, free as development; magento MAGENTO; others DEV. */
export function planBadgeLabel(kind: string, plan: PlanTier | string | null | undefined): string {
  if (kind === 'shopify') return (plan ? SHOPIFY_PLAN_LABELS[plan as PlanTier] : undefined) ?? 'SHOPIFY';
  if (kind === 'magento2') return 'MAGENTO';
  return 'DEV';
}

/** An inventory item created under 30 days ago gets a NEW tag. */
export function isNewInventoryItem(createdAt: string | null | undefined, now: Date): boolean {
  const created = parseServerTime(createdAt);
  if (!created) return false;
  return now.getTime() - created.getTime() < NEW_ITEM_DAYS * DAY_MS;
}

/** Store NEW tag: solid when installed fewer than 10 days ago, outlined at 10 to 19.99 days, absent after. */
export function storeNewTag(installedAt: string | null | undefined, now: Date): 'solid' | 'outlined' | null {
  const installed = parseServerTime(installedAt);
  if (!installed) return null;
  const days = (now.getTime() - installed.getTime()) / DAY_MS;
  if (days < STORE_NEW_SOLID_DAYS) return 'solid';
  if (days < STORE_NEW_OUTLINED_DAYS) return 'outlined';
  return null;
}

/** Store age: in days under 1 year (365 days), otherwise in whole years. */
export function storeAge(
  createdAt: string | null | undefined,
  now: Date,
): { value: number; unit: 'days' | 'years'; text: string } | null {
  const created = parseServerTime(createdAt);
  if (!created) return null;
  const days = Math.max(0, Math.floor((now.getTime() - created.getTime()) / DAY_MS));
  if (days < 365) return { value: days, unit: 'days', text: `${days} ${days === 1 ? 'day' : 'days'}` };
  const years = Math.floor(days / 365);
  return { value: years, unit: 'years', text: `${years} ${years === 1 ? 'year' : 'years'}` };
}

type CourierStat = { courier_id: string | null; count: number };

export type CourierCell =
  | { kind: 'missing'; text: 'Missing Couriers' }
  | { kind: 'unknown'; text: 'Unknown Couriers' }
  | { kind: 'logos'; couriers: { key: string; logo: string; name: string; count: number }[] }
  | { kind: 'empty' };

const total = (stats: readonly CourierStat[]) => stats.reduce((sum, s) => sum + Math.max(0, s.count), 0);

/**
 * Couriers cell: 'Missing Couriers' when null-id couriers exceed 10% of the total, 'Unknown Couriers'
 * when manually added unknown couriers exceed 10%, otherwise up to 3 distinct logos (deduplicated by
 * logo, highest count first). An empty list shows a blank line.
 */
export function courierCell(stats: readonly CourierStat[]): CourierCell {
  const all = total(stats);
  if (all === 0) return { kind: 'empty' };
  const share = (pred: (s: CourierStat) => boolean) => total(stats.filter(pred)) / all;
  if (share((s) => s.courier_id === null) > COURIER_FLAG_SHARE)
    return { kind: 'missing', text: 'Missing Couriers' };
  if (share((s) => s.courier_id === UNKNOWN_COURIER_KEY) > COURIER_FLAG_SHARE) {
    return { kind: 'unknown', text: 'Unknown Couriers' };
  }
  const seen = new Set<string>();
  const couriers: { key: string; logo: string; name: string; count: number }[] = [];
  const ranked = stats
    .filter((s) => s.count > 0 && s.courier_id !== null && s.courier_id !== UNKNOWN_COURIER_KEY)
    .map((s, index) => ({ s, index }))
    .sort((a, b) => b.s.count - a.s.count || a.index - b.index);
  for (const { s } of ranked) {
    const key = s.courier_id as string;
    // Unrecognised keys keep their own "logo" so the UI shows its missing-courier icon for them.
    const logo = isCourierKey(key) ? COURIERS[key].logo : `unknown:${key}`;
    if (seen.has(logo)) continue;
    seen.add(logo);
    couriers.push({ key, logo, name: courierShortName(key), count: s.count });
    if (couriers.length === MAX_COURIER_LOGOS) break;
  }
  return couriers.length === 0 ? { kind: 'empty' } : { kind: 'logos', couriers };
}

/** Popover percentage: rounded up; values below 1% show as '<1'. */
export function courierPercent(count: number, all: number): string {
  if (all <= 0 || count <= 0) return '0';
  const exact = (count * 100) / all;
  if (exact < 1) return '<1';
  return String(Math.ceil(exact));
}

/** Courier short name; an unknown courier shows 'Courier'. */
export function courierShortName(key: string | null): string {
  return isCourierKey(key) ? COURIERS[key].short : PLACEHOLDERS.courier;
}

/** Courier long name, as the courier filter dropdowns list it; an unknown courier shows 'Courier'. */
export function courierLongName(key: string | null): string {
  return isCourierKey(key) ? COURIERS[key].long : PLACEHOLDERS.courier;
}

/**
 * Popover label of a courier key: only the GLS, Cargus and DPD groups merge, so other couriers keep
 * their long name (short names would merge e.g. Sameday RO and HU). Null is missing.
 */
export function courierPopoverLabel(key: string | null): string {
  if (key === null) return 'Missing';
  if (key === UNKNOWN_COURIER_KEY) return COURIERS[key].short;
  for (const [group, keys] of Object.entries(COURIER_POPOVER_GROUPS)) {
    if ((keys as readonly string[]).includes(key)) return group;
  }
  return courierLongName(key);
}

/** Courier popover rows: grouped, counts summed, percentages of the total, highest count first. */
export function courierPopoverRows(
  stats: readonly CourierStat[],
): { label: string; count: number; percent: string }[] {
  const all = total(stats);
  const byLabel = new Map<string, number>();
  for (const s of stats) {
    if (s.count <= 0) continue;
    const label = courierPopoverLabel(s.courier_id);
    byLabel.set(label, (byLabel.get(label) ?? 0) + s.count);
  }
  return [...byLabel.entries()]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([label, count]) => ({ label, count, percent: courierPercent(count, all) }));
}

export type ActivityPill =
  | { kind: 'empty' }
  | { kind: 'combined'; score: number; relative: string }
  | { kind: 'separate'; score: number; relative: string | null };

/** Activity pill: last seen within 3 days → the score pill also shows relative time; otherwise time in a separate pill. */
export function activityPill(
  latest: { user_uid: string | null; last_seen_at: string | null; score: number } | null | undefined,
  now: Date,
): ActivityPill {
  if (!latest || latest.user_uid === null) return { kind: 'empty' };
  const seen = parseServerTime(latest.last_seen_at);
  if (!seen) return { kind: 'separate', score: latest.score, relative: null };
  const relative = relativeTime(seen, now);
  if (now.getTime() - seen.getTime() <= ACTIVITY_RECENT_DAYS * DAY_MS) {
    return { kind: 'combined', score: latest.score, relative };
  }
  return { kind: 'separate', score: latest.score, relative };
}

/** 'Clear Filters' on the clients screen: a country or courier is selected. */
export function clientsHasClearableFilters(filter: {
  country: string | null;
  courier: string | null;
}): boolean {
  return Boolean(filter.country) || Boolean(filter.courier);
}

/** Company-size dropdown is single select; clicking the selected size clears it. */
export function toggleCompanySize<S extends string>(current: S | null, size: S): S | null {
  return current === size ? null : size;
}

/**
 * Options with a zero count are hidden; the catch-all option ('all' / 'allCount') always stays, and so
 * does the selected one (it keeps filtering, so it must stay visible and removable).
 */
export function visibleCountOptions<K extends string>(
  options: readonly K[],
  countOf: (option: K) => number,
  catchAll: K,
  selected?: K,
): K[] {
  return options.filter((o) => o === catchAll || o === selected || countOf(o) > 0);
}
