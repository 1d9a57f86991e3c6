import type { ActivityEntry } from '@waybill/contracts';

/** What the History table needs of a backend timeline entry. */
export interface TimelineLike {
  key: string;
  date: Date | null;
}

export type HistoryRow<T extends TimelineLike> =
  | { kind: 'status'; entry: T; by: string | null }
  | { kind: 'activity'; entry: ActivityEntry };

/** A status entry and the Waybill change that made it: same status, same date (to the second). */
const madeBy = (entry: TimelineLike, change: ActivityEntry) =>
  change.action === 'status' &&
  change.to === entry.key &&
  entry.date !== null &&
  change.happenedAt !== undefined &&
  Math.abs(Date.parse(change.happenedAt) - entry.date.getTime()) < 1000;

/**
 * The backend's timeline merged with what the team did through Waybill, oldest first: each status a
 * Waybill user set names them; other changes (comments, escalations, snoozes, reissues, takes and
 * releases) are rows of their own at the time they were made.
 */
export function mergeHistory<T extends TimelineLike>(
  timeline: readonly T[],
  activity: readonly ActivityEntry[],
): HistoryRow<T>[] {
  const used = new Set<string>();
  const rows: Array<{ row: HistoryRow<T>; time: number; order: number }> = timeline.map((entry, i) => {
    const change = activity.find((a) => !used.has(a.id) && madeBy(entry, a));
    if (change) used.add(change.id);
    return {
      row: { kind: 'status', entry, by: change?.actor.name ?? null },
      time: entry.date?.getTime() ?? Number.NEGATIVE_INFINITY,
      order: i,
    };
  });
  activity.forEach((entry, i) => {
    if (used.has(entry.id) || entry.action === 'status') return;
    rows.push({ row: { kind: 'activity', entry }, time: Date.parse(entry.at), order: timeline.length + i });
  });
  return rows.sort((a, b) => a.time - b.time || a.order - b.order).map((r) => r.row);
}
