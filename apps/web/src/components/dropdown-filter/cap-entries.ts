import { DROPDOWN_MAX_ENTRIES } from '@waybill/contracts';

export interface CappedEntries<T> {
  visible: T[];
  /** How many entries collapsed into the '+ N More …' line, and their summed counts. */
  hidden: { count: number; total: number };
}

/** Filter dropdowns show at most 23 entries; the rest collapse into one line with summed counts (spec 9). */
export function capEntries<T extends { count?: number | undefined }>(
  entries: readonly T[],
  max: number = DROPDOWN_MAX_ENTRIES,
): CappedEntries<T> {
  const visible = entries.slice(0, max);
  const rest = entries.slice(max);
  const total = rest.reduce((sum, e) => sum + (e.count ?? 0), 0);
  return { visible, hidden: { count: rest.length, total } };
}

export function moreLabel(count: number, noun: string): string {
  return `+ ${count} More ${noun}`;
}
