import {
  COMPACT_SUMMARY_THRESHOLD,
  type Colour,
  type DisplayStatistics,
  orderSummaryBucketColour,
  orderSummaryCardColour,
} from '@waybill/contracts';

/** The five summary cards of the realtime screen (spec 2). */
export const SUMMARY_BUCKETS = [
  { id: 'errors', label: 'Issues & Errors', priorities: [0, 1], showCount: true },
  { id: 'alerts', label: 'Alerts & Warnings', priorities: [2], showCount: true },
  { id: 'traffic', label: 'In Warehouse & In Traffic', priorities: [3], showCount: true },
  { id: 'done', label: 'Delivered & Done', priorities: [4], showCount: false },
  { id: 'cancels', label: 'Cancels & Returns', priorities: [5], showCount: false },
] as const;
export type SummaryBucketId = (typeof SUMMARY_BUCKETS)[number]['id'];

export interface SummaryCardModel {
  id: SummaryBucketId;
  label: string;
  priorities: readonly number[];
  count: number;
  colour: Colour;
  showCount: boolean;
  active: boolean;
}

export function priorityCounts(stats: DisplayStatistics | null | undefined): number[] {
  return [0, 1, 2, 3, 4, 5].map(
    (p) => stats?.[`display_priority_${p}` as keyof DisplayStatistics] ?? 0,
  ) as number[];
}

/**
 * Cards with their counts and colours. A card's colour is its most urgent non-empty bucket
 * (errors: red for priority 0, light red when only 1 has orders); an empty card keeps its base colour.
 */
export function summaryCards(
  stats: DisplayStatistics | null | undefined,
  selectedPriorities: readonly number[],
): SummaryCardModel[] {
  const counts = priorityCounts(stats);
  return SUMMARY_BUCKETS.map((bucket) => {
    const priorities: readonly number[] = bucket.priorities;
    const count = priorities.reduce((sum, p) => sum + (counts[p] ?? 0), 0);
    const urgent = priorities.find((p) => (counts[p] ?? 0) > 0);
    return {
      id: bucket.id,
      label: bucket.label,
      priorities,
      count,
      colour: orderSummaryBucketColour(urgent ?? priorities[0] ?? 0),
      showCount: bucket.showCount,
      active: priorities.every((p) => selectedPriorities.includes(p)),
    };
  });
}

/** Colour of the priority bar as a whole: the worst non-empty bucket among 0-3, otherwise green. */
export function priorityBarColour(stats: DisplayStatistics | null | undefined): Colour {
  return orderSummaryCardColour(priorityCounts(stats));
}

const shownCounts = (cards: readonly SummaryCardModel[]) =>
  cards.filter((c) => c.id === 'errors' || c.id === 'alerts' || c.id === 'traffic').map((c) => c.count);

/** Cards widen (compact mode) when any error, alert or traffic count reaches 10000. */
export function isCompactSummary(cards: readonly SummaryCardModel[]): boolean {
  return shownCounts(cards).some((n) => n >= COMPACT_SUMMARY_THRESHOLD);
}

/** The thin divider shows only when every count except done/cancel is above zero and the list is not empty. */
export function showSummaryDivider(cards: readonly SummaryCardModel[], emptyState: boolean): boolean {
  return !emptyState && shownCounts(cards).every((n) => n > 0);
}
