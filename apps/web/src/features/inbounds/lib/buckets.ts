import { toggleBucketPriorities } from '@waybill/contracts';

/**
 * The display priorities actually requested. While processed and cancel are forced on, errors, alerts
 * and on schedule match nothing, so the list is every matching inbound: no priority filter is sent,
 * which keeps inbounds without a display priority (some drafts) that a priority filter would drop.
 */
export function effectivePriorities(selected: readonly number[], forced: boolean): number[] {
  return forced ? [] : [...selected];
}

/** Every display priority an inbound can have (0-6). */
export const ALL_PRIORITIES: readonly number[] = [0, 1, 2, 3, 4, 5, 6];

/**
 * The priorities the buckets show as selected. An empty selection sends no priority filter, so every
 * inbound is listed: every bucket then shows as on, matching the list.
 */
export function shownPriorities(selected: readonly number[]): readonly number[] {
  return selected.length === 0 ? ALL_PRIORITIES : selected;
}

/**
 * Clicking a bucket toggles it in what the buckets show. Turning the last one off selects them all
 * again (an empty selection lists everything); all of them is stored as the empty selection.
 */
export function toggleBucket(selected: readonly number[], priorities: readonly number[]): number[] {
  const next = toggleBucketPriorities(shownPriorities(selected), priorities);
  return ALL_PRIORITIES.every((p) => next.includes(p)) ? [] : next;
}
