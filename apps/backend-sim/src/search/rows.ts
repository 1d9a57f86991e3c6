import type { AssignedUserStatisticsRow, InboundStatisticsRow, OrderStatisticsRow } from '@waybill/contracts';

/** Statistics rows keyed by a dimension value (null = none), with per-priority counts. */
export interface PriorityRow {
  key: string | null;
  count_general: number;
  count_display_priority_all: number;
  counts: number[];
}

/** Rows sorted by count_general desc, then total desc, then key. */
export function compareRows(a: PriorityRow, b: PriorityRow): number {
  return (
    b.count_general - a.count_general ||
    b.count_display_priority_all - a.count_display_priority_all ||
    String(a.key).localeCompare(String(b.key))
  );
}

export class RowCounter {
  private readonly rows = new Map<string | null, PriorityRow>();
  constructor(private readonly priorities: number) {}

  /** Count one record; `general` when it also passes the display-priority filter. */
  add(key: string | null, priority: number | null, general: boolean): void {
    let row = this.rows.get(key);
    if (!row) {
      row = {
        key,
        count_general: 0,
        count_display_priority_all: 0,
        counts: new Array(this.priorities).fill(0),
      };
      this.rows.set(key, row);
    }
    row.count_display_priority_all += 1;
    if (general) row.count_general += 1;
    if (priority !== null && priority < this.priorities)
      row.counts[priority] = (row.counts[priority] ?? 0) + 1;
  }

  list(): PriorityRow[] {
    return [...this.rows.values()].sort(compareRows);
  }
}

function wireRow(row: PriorityRow, withAll: boolean): Record<string, string | number | null> {
  const out: Record<string, string | number | null> = { key: row.key, count_general: row.count_general };
  if (withAll) out.count_display_priority_all = row.count_display_priority_all;
  row.counts.forEach((count, p) => {
    out[`count_display_priority_${p}`] = count;
  });
  return out;
}

/** Rows as the backend sends them: count_display_priority_0..n-1 (and _all where the contract has it). */
export const orderRow = (row: PriorityRow) => wireRow(row, true) as unknown as OrderStatisticsRow;
export const assignedUserRow = (row: PriorityRow) =>
  wireRow(row, false) as unknown as AssignedUserStatisticsRow;
export const inboundRow = (row: PriorityRow) => wireRow(row, true) as unknown as InboundStatisticsRow;
