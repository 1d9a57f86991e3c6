import type { InboundStatus } from '@waybill/contracts';

/** Colour names map to CSS variables in src/styles/tokens.css (--color-<name>). */
export type InboundColour = 'red' | 'light-red' | 'orange' | 'yellow' | 'green' | 'blue' | 'gray';

/** Display priority 0..6 → colour (spec 4, "Inbound colours"). */
export const PRIORITY_COLOURS: readonly InboundColour[] = [
  'red',
  'light-red',
  'orange',
  'yellow',
  'green',
  'blue',
  'gray',
];

const STATUS_COLOURS: Partial<Record<InboundStatus, InboundColour>> = {
  completed: 'green',
  cancelled: 'blue',
  in_transit: 'yellow',
  arrived: 'orange',
  processing: 'light-red',
};

/** Colour by display priority, or by status when there is none. */
export function inboundColour(priority: number | null | undefined, status: InboundStatus): InboundColour {
  if (priority !== null && priority !== undefined) {
    const byPriority = PRIORITY_COLOURS[priority];
    if (byPriority) return byPriority;
  }
  return STATUS_COLOURS[status] ?? 'gray';
}

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

export function priorityCount(row: PriorityCounts, priority: number): number {
  const key = `count_display_priority_${priority}` as keyof PriorityCounts;
  return row[key] ?? 0;
}

/** Most urgent priority with a non-zero count (0 most urgent), or 7 when every count is zero. */
export function urgency(row: PriorityCounts): number {
  for (let p = 0; p <= 6; p++) if (priorityCount(row, p) > 0) return p;
  return 7;
}

/** Dropdown colour: the most urgent non-zero priority count, red → gray; null when all counts are zero. */
export function dropdownColour(rows: readonly PriorityCounts[]): InboundColour | null {
  const best = Math.min(7, ...rows.map(urgency));
  return PRIORITY_COLOURS[best] ?? null;
}
