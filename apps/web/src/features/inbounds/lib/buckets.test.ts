import { describe, expect, it } from 'vitest';
import { effectivePriorities } from './buckets.js';

describe('requested display priorities', () => {
  it('adds processed and cancel (4, 5, 6) while they are forced', () => {
    expect(effectivePriorities([0, 1, 2, 3], true)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(effectivePriorities([5, 0], true)).toEqual([0, 4, 5, 6]);
    expect(effectivePriorities([3], false)).toEqual([3]);
  });
});
