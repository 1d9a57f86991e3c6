import { TZDate } from '@date-fns/tz';
import {
  type AnalyticsSearchResponse,
  CLIENTS_TIME_ZONE,
  type ClientsFilter,
  type CompanySizeFilter,
  type CountPeriod,
  parseServerTime,
  SKU_FILTER_LABELS,
  type SkuFilter,
} from '@waybill/contracts';
import { format } from 'date-fns';

export const SIZE_OPTIONS: readonly { value: CompanySizeFilter; label: string; statKey: string }[] = [
  { value: 'XS', label: 'Extra Small (XS)', statKey: 'size_xs' },
  { value: 'S', label: 'Small', statKey: 'size_s' },
  { value: 'M', label: 'Medium', statKey: 'size_m' },
  { value: 'L', label: 'Large', statKey: 'size_l' },
  { value: 'XL', label: 'Extra Large (XL)', statKey: 'size_xl' },
];

/** Single select: clicking the selected size clears it. */
export function nextSize(
  current: CompanySizeFilter | null,
  clicked: CompanySizeFilter | null,
): CompanySizeFilter | null {
  if (clicked === null || clicked === current) return null;
  return clicked;
}

export function sizeCount(
  stats: AnalyticsSearchResponse['company_size_statistics'],
  size: CompanySizeFilter,
): number {
  const key = `size_${size.toLowerCase()}` as keyof typeof stats;
  const value = stats[key];
  return typeof value === 'number' ? value : 0;
}

/** SKU-count options with their counts; zero-count options are hidden ('all' always shows). */
export function skuOptions(
  stats: AnalyticsSearchResponse['sku_statistics'] | undefined,
): { value: SkuFilter; label: string; count: number }[] {
  const keys: SkuFilter[] = [
    'all',
    'less_than_10',
    'between_10_and_99',
    'between_100_and_999',
    'more_than_999',
  ];
  return keys
    .map((value) => ({ value, label: SKU_FILTER_LABELS[value], count: stats?.[value] ?? 0 }))
    .filter((o) => o.value === 'all' || o.count > 0);
}

const PERIODS: readonly {
  value: CountPeriod;
  label: string;
  statKey: 'all_count' | 'last_30' | 'last_7' | 'today';
}[] = [
  { value: 'allCount', label: 'ALL', statKey: 'all_count' },
  { value: 'last30', label: '30 DAYS', statKey: 'last_30' },
  { value: 'last7', label: '7 DAYS', statKey: 'last_7' },
  { value: 'today', label: 'TODAY', statKey: 'today' },
];

/** Activity-period buttons; zero-count buttons are hidden, except the selected one so it can be left. */
export function periodOptions(
  stats: AnalyticsSearchResponse['company_activity_statistics'] | undefined,
  selected: CountPeriod,
): { value: CountPeriod; label: string; count: number }[] {
  return PERIODS.map((p) => ({ value: p.value, label: p.label, count: stats?.[p.statKey] ?? 0 })).filter(
    (p) => p.count > 0 || p.value === selected,
  );
}

export interface PriorityCard {
  priority: number;
  count: number;
  enabled: boolean;
}

/** Activity-priority cards 0..4: shown only when their count is above 0. */
export function priorityCards(
  stats: AnalyticsSearchResponse['display_statistics'] | undefined,
  selected: readonly number[],
): PriorityCard[] {
  const cards: PriorityCard[] = [];
  for (let p = 0; p <= 4; p++) {
    const count = stats?.[`display_priority_${p}` as keyof typeof stats] ?? 0;
    if (typeof count === 'number' && count > 0)
      cards.push({ priority: p, count, enabled: selected.includes(p) });
  }
  return cards;
}

/** Clicking a card toggles its priority; the click is ignored when it is the only enabled card. */
export function togglePriority(
  cards: readonly PriorityCard[],
  selected: readonly number[],
  priority: number,
): number[] {
  const card = cards.find((c) => c.priority === priority);
  if (!card) return [...selected];
  if (card.enabled) {
    const othersEnabled = cards.some((c) => c.enabled && c.priority !== priority);
    if (!othersEnabled) return [...selected];
    return selected.filter((p) => p !== priority);
  }
  return [...selected, priority].sort((a, b) => a - b);
}

/** 'Clear Filters' appears when a country or courier is selected. */
export function hasHeaderFilters(filter: Pick<ClientsFilter, 'country' | 'courier'>): boolean {
  return filter.country !== null || filter.courier !== null;
}

/** Clients times are shown in the Europe/Bucharest zone. */
export function formatBucharest(value: string | null | undefined, pattern = 'dd MMM yyyy, HH:mm'): string {
  const date = parseServerTime(value);
  if (!date) return '-';
  return format(new TZDate(date.getTime(), CLIENTS_TIME_ZONE), pattern);
}

const regionNames = (() => {
  try {
    return new Intl.DisplayNames(['en'], { type: 'region' });
  } catch {
    return null;
  }
})();

/** English country name for an ISO two-letter code; the code itself when unknown. */
export function countryName(code: string): string {
  const upper = code.toUpperCase();
  try {
    return regionNames?.of(upper) ?? upper;
  } catch {
    return upper;
  }
}
