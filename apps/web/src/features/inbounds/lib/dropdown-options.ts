import {
  type Colour,
  dropdownColour,
  type InboundStatisticsRow,
  sortByUrgency,
  statisticsRowCounts,
  withSelectedOptions,
} from '@waybill/contracts';

/** Inbound statistics rows carry display priorities 0 to 6. */
const MAX_PRIORITY = 6;

export interface FilterOption {
  value: string;
  label: string;
  count: number;
  colour: Colour | null;
  /** Extra content shown before the label, e.g. a user's initials. */
  badge?: string;
}

/** Total count of a statistics row: count_display_priority_all, falling back to count_general. */
export function rowCount(row: InboundStatisticsRow): number {
  return row.count_display_priority_all || row.count_general;
}

/**
 * Statistics rows → dropdown options in contracts' urgency order; rows without a known name are
 * skipped (their key is not selectable), as is the 'count_general' total row.
 */
export function buildOptions(
  rows: readonly InboundStatisticsRow[],
  labelOf: (key: string) => string | null,
  badgeOf?: (key: string) => string | undefined,
): FilterOption[] {
  const entries: { option: FilterOption; counts: number[] }[] = [];
  for (const row of rows) {
    if (!row.key || row.key === 'count_general') continue;
    const label = labelOf(row.key);
    if (label === null) continue;
    const counts = statisticsRowCounts(row, MAX_PRIORITY);
    const option: FilterOption = {
      value: row.key,
      label,
      count: rowCount(row),
      colour: dropdownColour(counts),
    };
    const badge = badgeOf?.(row.key);
    if (badge) option.badge = badge;
    entries.push({ option, counts });
  }
  return sortByUrgency(entries, (e) => ({
    counts: e.counts,
    count: e.option.count,
    name: e.option.label,
  })).map((e) => e.option);
}

/**
 * The options plus each selected value the statistics no longer list, with count 0: it keeps
 * filtering, so it stays in the menu and can be unticked.
 */
export function withSelected(
  options: FilterOption[],
  selected: readonly string[],
  labelOf: (key: string) => string,
  badgeOf?: (key: string) => string | undefined,
): FilterOption[] {
  return withSelectedOptions(options, selected, (value) => {
    const option: FilterOption = { value, label: labelOf(value), count: 0, colour: null };
    const badge = badgeOf?.(value);
    if (badge) option.badge = badge;
    return option;
  });
}

/** A dropdown's trigger colour: contracts' dropdown colour over the summed counts of its rows. */
export function rowsColour(rows: readonly InboundStatisticsRow[]): Colour | null {
  const totals = Array.from({ length: MAX_PRIORITY + 1 }, () => 0);
  for (const row of rows) {
    if (row.key === 'count_general') continue;
    statisticsRowCounts(row, MAX_PRIORITY).forEach((c, p) => {
      totals[p] = (totals[p] ?? 0) + c;
    });
  }
  return dropdownColour(totals);
}
