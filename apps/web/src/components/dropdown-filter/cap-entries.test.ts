import { describe, expect, it } from 'vitest';
import { capEntries, moreLabel } from './cap-entries.js';

describe('capEntries', () => {
  it('shows at most 23 entries and sums the counts of the rest', () => {
    const entries = Array.from({ length: 30 }, (_, i) => ({ value: `m${i}`, count: i }));
    const { visible, hidden } = capEntries(entries);
    expect(visible).toHaveLength(23);
    expect(hidden.count).toBe(7);
    expect(hidden.total).toBe(23 + 24 + 25 + 26 + 27 + 28 + 29);
    expect(moreLabel(hidden.count, 'Merchants')).toBe('+ 7 More Merchants');
  });

  it('hides nothing at or under the cap', () => {
    const { visible, hidden } = capEntries(Array.from({ length: 23 }, () => ({ count: 1 })));
    expect(visible).toHaveLength(23);
    expect(hidden).toEqual({ count: 0, total: 0 });
  });
});
