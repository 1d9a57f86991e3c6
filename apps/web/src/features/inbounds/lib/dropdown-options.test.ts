import { describe, expect, it } from 'vitest';
import { buildOptions, capOptions, type FilterOption, type StatisticsRow } from './dropdown-options.js';

function row(key: string | null, byPriority: Partial<Record<number, number>>): StatisticsRow {
  const r: StatisticsRow = {
    key,
    count_general: 0,
    count_display_priority_all: 0,
    count_display_priority_0: 0,
    count_display_priority_1: 0,
    count_display_priority_2: 0,
    count_display_priority_3: 0,
    count_display_priority_4: 0,
    count_display_priority_5: 0,
    count_display_priority_6: 0,
  };
  let total = 0;
  for (const [p, c] of Object.entries(byPriority)) {
    r[`count_display_priority_${p}` as 'count_display_priority_0'] = c ?? 0;
    total += c ?? 0;
  }
  r.count_display_priority_all = total;
  r.count_general = total;
  return r;
}

describe('dropdown options', () => {
  it('sorts by urgency, then count descending, then name', () => {
    const names: Record<string, string> = { a: 'Alpha', b: 'Beta', c: 'Gamma', d: 'Delta', e: 'Eps' };
    const options = buildOptions(
      [row('a', { 3: 10 }), row('b', { 0: 1 }), row('c', { 3: 12 }), row('d', { 3: 10 }), row('e', {})],
      (k) => names[k] ?? null,
    );
    expect(options.map((o) => o.label)).toEqual(['Beta', 'Gamma', 'Alpha', 'Delta', 'Eps']);
    expect(options[0]).toMatchObject({ value: 'b', count: 1, colour: 'red' });
    expect(options[4]?.colour).toBeNull();
  });

  it('skips the count_general total row, null keys and unknown names; adds badges', () => {
    const options = buildOptions(
      [row('count_general', { 0: 5 }), row(null, { 0: 5 }), row('x', { 1: 1 }), row('u1', { 2: 2 })],
      (k) => (k === 'u1' ? 'Ana Pop' : null),
      (k) => (k === 'u1' ? 'AP' : undefined),
    );
    expect(options).toEqual([{ value: 'u1', label: 'Ana Pop', count: 2, colour: 'orange', badge: 'AP' }]);
  });

  it('caps at 23 entries and sums the rest into a More entry', () => {
    const many: FilterOption[] = Array.from({ length: 30 }, (_, i) => ({
      value: `m${i}`,
      label: `M${i}`,
      count: i + 1,
      colour: null,
    }));
    const capped = capOptions(many, 'Merchants');
    expect(capped.options).toHaveLength(23);
    expect(capped.more).toEqual({ label: '+ 7 More Merchants', count: 24 + 25 + 26 + 27 + 28 + 29 + 30 });
    expect(capOptions(many.slice(0, 23), 'Statuses').more).toBeNull();
  });
});
