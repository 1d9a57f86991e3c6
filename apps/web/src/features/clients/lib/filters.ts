import { TZDate } from '@date-fns/tz';
import {
  type AnalyticsSearchResponse,
  CLIENTS_TIME_ZONE,
  type CompanySizeFilter,
  type CountPeriod,
  parseServerTime,
  SKU_FILTER_LABELS,
  type SkuFilter,
  visibleCountOptions,
} from '@waybill/contracts';
import { format } from 'date-fns';

export const SIZE_OPTIONS: readonly { value: CompanySizeFilter; label: string; statKey: string }[] = [
  { value: 'XS', label: 'Extra Small (XS)', statKey: 'size_xs' },
  { value: 'S', label: 'Small', statKey: 'size_s' },
  { value: 'M', label: 'Medium', statKey: 'size_m' },
  { value: 'L', label: 'Large', statKey: 'size_l' },
  { value: 'XL', label: 'Extra Large (XL)', statKey: 'size_xl' },
  // Size '0' (no orders in 30 days) after the five named sizes: its stores were otherwise unreachable.
  { value: '0', label: 'No Orders (0)', statKey: 'size_0' },
];

export function sizeCount(
  stats: AnalyticsSearchResponse['company_size_statistics'],
  size: CompanySizeFilter,
): number {
  const key = `size_${size.toLowerCase()}` as keyof typeof stats;
  const value = stats[key];
  return typeof value === 'number' ? value : 0;
}

const SKU_KEYS: readonly SkuFilter[] = [
  'all',
  'less_than_10',
  'between_10_and_99',
  'between_100_and_999',
  'more_than_999',
];

/** SKU-count options with their counts, as contracts' visibleCountOptions leaves them ('all' always stays). */
export function skuOptions(
  stats: AnalyticsSearchResponse['sku_statistics'] | undefined,
  selected?: SkuFilter,
): { value: SkuFilter; label: string; count: number }[] {
  const countOf = (value: SkuFilter) => stats?.[value] ?? 0;
  return visibleCountOptions(SKU_KEYS, countOf, 'all', selected).map((value) => ({
    value,
    label: SKU_FILTER_LABELS[value],
    count: countOf(value),
  }));
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

/**
 * Activity-period buttons, as contracts' visibleCountOptions leaves them: zero counts hidden, ALL and
 * the selected one always stay. Before the counts are known all stand, so the toolbar keeps its size
 * when they come.
 */
export function periodOptions(
  stats: AnalyticsSearchResponse['company_activity_statistics'] | undefined,
  selected?: CountPeriod,
): { value: CountPeriod; label: string; count: number }[] {
  const options = PERIODS.map((p) => ({ value: p.value, label: p.label, count: stats?.[p.statKey] ?? 0 }));
  if (!stats) return options;
  const countOf = (value: CountPeriod) => options.find((o) => o.value === value)?.count ?? 0;
  const shown = visibleCountOptions(
    options.map((o) => o.value),
    countOf,
    'allCount',
    selected,
  );
  return options.filter((o) => shown.includes(o.value));
}

/** Clients times are shown in the Europe/Bucharest zone. */
export function formatBucharest(value: string | null | undefined, pattern = 'dd MMM yyyy, HH:mm'): string {
  const date = parseServerTime(value);
  if (!date) return '-';
  return format(new TZDate(date.getTime(), CLIENTS_TIME_ZONE), pattern);
}

// Made on first use: building it loads the region names, a long task on a slow tablet.
let regionNames: Intl.DisplayNames | null | undefined;
function displayNames(): Intl.DisplayNames | null {
  if (regionNames === undefined) {
    try {
      regionNames = new Intl.DisplayNames(['en'], { type: 'region' });
    } catch {
      regionNames = null;
    }
  }
  return regionNames;
}

/** English country name for an ISO two-letter code; the code itself when unknown. */
export function countryName(code: string): string {
  const upper = code.toUpperCase();
  try {
    return displayNames()?.of(upper) ?? upper;
  } catch {
    return upper;
  }
}
