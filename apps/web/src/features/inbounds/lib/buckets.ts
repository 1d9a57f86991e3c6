import { COMPACT_SUMMARY_THRESHOLD, type InboundDisplayStatistics } from '@waybill/contracts';
import type { InboundColour } from './colours.js';

export type BucketId = 'errors' | 'alerts' | 'on_schedule' | 'processed' | 'cancel';

export interface Bucket {
  id: BucketId;
  priorities: readonly number[];
  /** Priority-bar label. */
  label: string;
  /** Summary-card title. */
  cardTitle: string;
  colour: InboundColour;
  /** Errors, alerts and on schedule show their count; processed and cancel show none. */
  showsCount: boolean;
}

export const BUCKETS: readonly Bucket[] = [
  {
    id: 'errors',
    priorities: [0, 1],
    label: 'Errors',
    cardTitle: 'Issues & Errors',
    colour: 'red',
    showsCount: true,
  },
  {
    id: 'alerts',
    priorities: [2],
    label: 'Alerts',
    cardTitle: 'Alerts & Warnings',
    colour: 'orange',
    showsCount: true,
  },
  {
    id: 'on_schedule',
    priorities: [3],
    label: 'On Schedule',
    cardTitle: 'On Schedule Inbounds',
    colour: 'yellow',
    showsCount: true,
  },
  {
    id: 'processed',
    priorities: [4],
    label: 'Processed',
    cardTitle: 'Processed Inbounds',
    colour: 'green',
    showsCount: false,
  },
  {
    id: 'cancel',
    priorities: [5, 6],
    label: 'Cancel',
    cardTitle: 'Deleted & Drafts',
    colour: 'blue',
    showsCount: false,
  },
];

export function bucketCount(stats: InboundDisplayStatistics, bucket: Bucket): number {
  return bucket.priorities.reduce((sum, p) => {
    const value = stats[`display_priority_${p}` as keyof InboundDisplayStatistics];
    return sum + (typeof value === 'number' ? value : 0);
  }, 0);
}

/** True when every priority of the bucket is selected. */
export function isBucketSelected(bucket: Bucket, selected: readonly number[]): boolean {
  return bucket.priorities.every((p) => selected.includes(p));
}

/** Errors, alerts and on-schedule all zero: the processed and cancel buckets are forced enabled. */
export function forcesDoneBuckets(stats: InboundDisplayStatistics): boolean {
  return BUCKETS.slice(0, 3).every((b) => bucketCount(stats, b) === 0);
}

/**
 * The display priorities actually requested: the user's selection, plus processed and cancel
 * when they are forced enabled (otherwise the list would be empty while done inbounds exist).
 */
export function effectivePriorities(selected: readonly number[], forced: boolean): number[] {
  if (!forced) return [...selected];
  const result = [...selected];
  for (const p of [4, 5, 6]) if (!result.includes(p)) result.push(p);
  return result.sort((a, b) => a - b);
}

export interface SummaryCard {
  bucket: Bucket;
  count: number;
  /** null when the count is hidden (processed and deleted cards in compact mode). */
  shownCount: number | null;
  enabled: boolean;
  forced: boolean;
}

export interface SummaryModel {
  cards: SummaryCard[];
  /** Any count ≥ 10000: cards get different widths and processed/deleted counts are hidden. */
  compact: boolean;
}

/** Summary strip: a card shows only when its count is above 0. */
export function summaryCards(stats: InboundDisplayStatistics, selected: readonly number[]): SummaryModel {
  const forced = forcesDoneBuckets(stats);
  const counts = BUCKETS.map((b) => bucketCount(stats, b));
  const compact = counts.some((c) => c >= COMPACT_SUMMARY_THRESHOLD);
  const cards: SummaryCard[] = [];
  BUCKETS.forEach((bucket, i) => {
    const count = counts[i] ?? 0;
    const isForced = forced && !bucket.showsCount;
    if (count <= 0) return;
    cards.push({
      bucket,
      count,
      shownCount: bucket.showsCount || !compact ? count : null,
      enabled: isForced || isBucketSelected(bucket, selected),
      forced: isForced,
    });
  });
  return { cards, compact };
}
