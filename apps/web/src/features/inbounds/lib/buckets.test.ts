import { describe, expect, it } from 'vitest';
import { effectivePriorities, shownPriorities, toggleBucket } from './buckets.js';

describe('requested display priorities', () => {
  it('sends no priority filter while processed and cancel are forced (inbounds without a priority stay)', () => {
    expect(effectivePriorities([0, 1, 2, 3], true)).toEqual([]);
    expect(effectivePriorities([5, 0], true)).toEqual([]);
    expect(effectivePriorities([3], false)).toEqual([3]);
  });
});

describe('bucket toggling', () => {
  it('shows every bucket as on for the empty selection (no priority filter lists every inbound)', () => {
    expect(shownPriorities([])).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(shownPriorities([2])).toEqual([2]);
  });

  it('turning the last bucket off selects all again', () => {
    expect(toggleBucket([2], [2])).toEqual([]);
    expect(toggleBucket([0, 1], [0, 1])).toEqual([]);
  });

  it('with all on, a click turns just that bucket off', () => {
    expect(toggleBucket([], [5, 6])).toEqual([0, 1, 2, 3, 4]);
    expect(toggleBucket([0, 1, 2, 3, 4], [5, 6])).toEqual([]);
  });

  it('toggles a bucket within a partial selection', () => {
    expect(toggleBucket([0, 1, 2, 3], [2])).toEqual([0, 1, 3]);
    expect(toggleBucket([0, 1, 3], [2])).toEqual([0, 1, 2, 3]);
  });
});
