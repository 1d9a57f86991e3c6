import { DROPDOWN_MAX_ENTRIES, inboundPriorityColour } from '@waybill/contracts';
import { type InboundColour, type PriorityCounts, urgency } from './colours.js';

export interface StatisticsRow extends PriorityCounts {
  key: string | null;
  count_general: number;
  count_display_priority_all: number;
}

export interface FilterOption {
  value: string;
  label: string;
  count: number;
  colour: InboundColour | null;
  /** Extra content shown before the label, e.g. a user's initials. */
  badge?: string;
}

export interface OptionList {
  options: FilterOption[];
  /** '+ N More Merchants' entry with the summed count of what did not fit; null when all fit. */
  more: { label: string; count: number } | null;
}

/** Total count of a statistics row: count_display_priority_all, falling back to count_general. */
export function rowCount(row: StatisticsRow): number {
  return row.count_display_priority_all || row.count_general;
}

/**
 * Statistics rows → dropdown options: sorted by urgency ascending, then count descending, then name;
 * rows without a known name are skipped (their key is not selectable).
 */
export function buildOptions(
  rows: readonly StatisticsRow[],
  labelOf: (key: string) => string | null,
  badgeOf?: (key: string) => string | undefined,
): FilterOption[] {
  const options: (FilterOption & { urgency: number })[] = [];
  for (const row of rows) {
    if (!row.key || row.key === 'count_general') continue;
    const label = labelOf(row.key);
    if (label === null) continue;
    const u = urgency(row);
    const option: FilterOption & { urgency: number } = {
      value: row.key,
      label,
      count: rowCount(row),
      colour: inboundPriorityColour(u),
      urgency: u,
    };
    const badge = badgeOf?.(row.key);
    if (badge) option.badge = badge;
    options.push(option);
  }
  options.sort((a, b) => a.urgency - b.urgency || b.count - a.count || a.label.localeCompare(b.label));
  return options.map(({ urgency: _u, ...rest }) => rest);
}

/** At most 23 options after 'All'; the rest collapse into '+ N More {noun}' with the summed count. */
export function capOptions(
  options: readonly FilterOption[],
  noun: string,
  max = DROPDOWN_MAX_ENTRIES,
): OptionList {
  if (options.length <= max) return { options: [...options], more: null };
  const rest = options.slice(max);
  return {
    options: options.slice(0, max),
    more: {
      label: `+ ${rest.length} More ${noun}`,
      count: rest.reduce((sum, o) => sum + o.count, 0),
    },
  };
}
