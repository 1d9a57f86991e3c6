import { type Colour, dropdownColour as contractsDropdownColour } from '@waybill/contracts';

/** Inbound colours come from contracts (inboundColour, inboundProductRowColour); this adds row helpers. */
export type InboundColour = Colour;

/** Per-priority counts as the statistics rows carry them. */
export interface PriorityCounts {
  count_display_priority_0: number;
  count_display_priority_1: number;
  count_display_priority_2: number;
  count_display_priority_3: number;
  count_display_priority_4: number;
  count_display_priority_5: number;
  count_display_priority_6: number;
}

export function countsOf(row: PriorityCounts): number[] {
  return [0, 1, 2, 3, 4, 5, 6].map((p) => row[`count_display_priority_${p}` as keyof PriorityCounts] ?? 0);
}

/** Most urgent priority with a non-zero count (0 most urgent), or 7 when every count is zero. */
export function urgency(row: PriorityCounts): number {
  const index = countsOf(row).findIndex((c) => c > 0);
  return index === -1 ? 7 : index;
}

/** Dropdown colour over all its rows: the most urgent non-zero priority count; null when all are zero. */
export function dropdownColour(rows: readonly PriorityCounts[]): InboundColour | null {
  const totals = [0, 0, 0, 0, 0, 0, 0];
  for (const row of rows) {
    countsOf(row).forEach((c, p) => {
      totals[p] = (totals[p] ?? 0) + c;
    });
  }
  return contractsDropdownColour(totals);
}
