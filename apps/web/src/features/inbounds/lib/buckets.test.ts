import type { InboundDisplayStatistics } from '@waybill/contracts';
import { describe, expect, it } from 'vitest';
import { BUCKETS, bucketCount, effectivePriorities, forcesDoneBuckets, summaryCards } from './buckets.js';

const stats = (values: number[]): InboundDisplayStatistics => ({
  display_priority_0: values[0] ?? 0,
  display_priority_1: values[1] ?? 0,
  display_priority_2: values[2] ?? 0,
  display_priority_3: values[3] ?? 0,
  display_priority_4: values[4] ?? 0,
  display_priority_5: values[5] ?? 0,
  display_priority_6: values[6] ?? 0,
});

describe('priority buckets', () => {
  it('groups priorities as the spec says', () => {
    expect(BUCKETS.map((b) => [b.id, b.priorities])).toEqual([
      ['errors', [0, 1]],
      ['alerts', [2]],
      ['on_schedule', [3]],
      ['processed', [4]],
      ['cancel', [5, 6]],
    ]);
    expect(BUCKETS.map((b) => b.cardTitle)).toEqual([
      'Issues & Errors',
      'Alerts & Warnings',
      'On Schedule Inbounds',
      'Processed Inbounds',
      'Deleted & Drafts',
    ]);
    const s = stats([1, 2, 3, 4, 5, 6, 7]);
    expect(BUCKETS.map((b) => bucketCount(s, b))).toEqual([3, 3, 4, 5, 13]);
  });

  it('shows only cards with a count and marks selected buckets enabled', () => {
    const model = summaryCards(stats([1, 0, 0, 2, 5, 0, 0]), [0, 1, 2, 3]);
    expect(model.compact).toBe(false);
    expect(model.cards.map((c) => [c.bucket.id, c.count, c.shownCount, c.enabled])).toEqual([
      ['errors', 1, 1, true],
      ['on_schedule', 2, 2, true],
      ['processed', 5, 5, false],
    ]);
  });

  it('forces processed and cancelled enabled when errors, alerts and on schedule are all zero', () => {
    const s = stats([0, 0, 0, 0, 3, 1, 0]);
    expect(forcesDoneBuckets(s)).toBe(true);
    const model = summaryCards(s, [0, 1, 2, 3]);
    expect(model.cards.map((c) => [c.bucket.id, c.enabled, c.forced])).toEqual([
      ['processed', true, true],
      ['cancel', true, true],
    ]);
    expect(effectivePriorities([0, 1, 2, 3], true)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(effectivePriorities([3], false)).toEqual([3]);
    expect(forcesDoneBuckets(stats([0, 0, 0, 1]))).toBe(false);
  });

  it('enters compact mode at 10000 and hides the processed and deleted counts', () => {
    const model = summaryCards(stats([10_000, 0, 4, 0, 7, 2, 0]), [0, 1, 2, 3]);
    expect(model.compact).toBe(true);
    expect(model.cards.map((c) => [c.bucket.id, c.shownCount])).toEqual([
      ['errors', 10_000],
      ['alerts', 4],
      ['processed', null],
      ['cancel', null],
    ]);
    expect(summaryCards(stats([9_999, 0, 0, 0, 1]), []).compact).toBe(false);
  });
});
