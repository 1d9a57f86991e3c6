import { describe, expect, it } from 'vitest';
import {
  assignableUsers,
  assignedUserFilterLabel,
  capDropdown,
  compareByUrgency,
  sortByUrgency,
  statisticsRowCounts,
} from './dropdown.js';

const entries = (n: number) => Array.from({ length: n }, (_, i) => ({ key: `m${i}`, count: i + 1 }));

describe('dropdown cap: 23 entries, then + N More', () => {
  it.each([
    [0, 0, null],
    [1, 1, null],
    [23, 23, null],
    [24, 23, { hidden: 1, count: 24, label: '+ 1 More Merchants' }],
    [25, 23, { hidden: 2, count: 24 + 25, label: '+ 2 More Merchants' }],
    [30, 23, { hidden: 7, count: 24 + 25 + 26 + 27 + 28 + 29 + 30, label: '+ 7 More Merchants' }],
  ])('%i entries → %i visible, more %j', (n, visible, more) => {
    const capped = capDropdown(entries(n), (e) => e.count, 'Merchants');
    expect(capped.visible).toHaveLength(visible);
    expect(capped.more).toEqual(more);
  });
  it.each(['Merchants', 'Couriers', 'Statuses'] as const)('%s wording', (noun) => {
    expect(capDropdown(entries(40), (e) => e.count, noun).more?.label).toBe(`+ 17 More ${noun}`);
  });
  it('keeps the first 23 in the given order', () => {
    expect(capDropdown(entries(24), (e) => e.count, 'Couriers').visible.at(-1)?.key).toBe('m22');
  });
});

describe('statistics row counts', () => {
  it('reads count_display_priority_N, missing as 0', () => {
    expect(statisticsRowCounts({ count_display_priority_0: 1, count_display_priority_2: 3 }, 3)).toEqual([
      1, 0, 3, 0,
    ]);
    expect(statisticsRowCounts({ count_display_priority_6: 2 }, 6)).toEqual([0, 0, 0, 0, 0, 0, 2]);
    expect(statisticsRowCounts({ count_display_priority_0: 'x' }, 0)).toEqual([0]);
  });
});

describe('ordering: urgency asc, count desc, name', () => {
  const key = (counts: number[], name: string, count = counts.reduce((a, b) => a + b, 0)) => ({
    counts,
    count,
    name,
  });
  it.each([
    [key([1], 'b'), key([0, 5], 'a'), -1],
    [key([0, 0, 1], 'a'), key([0, 1], 'b'), 1],
    [key([3], 'b'), key([2], 'a'), -1],
    [key([2], 'a'), key([2], 'b'), -1],
    [key([0, 0], 'a'), key([0, 1], 'b'), 1],
    [key([0], 'a'), key([0], 'b'), -1],
    [key([1], 'Beta'), key([1], 'alpha'), 1],
    [key([1], 'abc'), key([1], 'Abc'), -1],
    // "Count" is the option's shown count, not the count at its most urgent priority.
    [key([0, 5, 0], 'a'), key([0, 5, 1], 'b'), 1],
    [key([0, 2], 'a', 9), key([0, 5], 'b', 6), -1],
  ])('%j vs %j → %i', (a, b, sign) => {
    expect(Math.sign(compareByUrgency(a, b))).toBe(sign);
    expect(Math.sign(compareByUrgency(b, a))).toBe(-sign);
  });

  it('sorts merchants for a dropdown', () => {
    const rows = [
      { name: 'Zeta', c: [0, 0, 0, 9] },
      { name: 'Alpha', c: [0, 0, 0, 0] },
      { name: 'Beta', c: [0, 2, 7] },
      { name: 'Gamma', c: [1, 0, 0] },
      { name: 'Delta', c: [0, 5, 0] },
      { name: 'Epsilon', c: [0, 5, 1] },
    ];
    expect(sortByUrgency(rows, (r) => key(r.c, r.name)).map((r) => r.name)).toEqual([
      'Gamma',
      'Beta',
      'Epsilon',
      'Delta',
      'Zeta',
      'Alpha',
    ]);
  });

  it('sorts inbound statistics rows by urgency, then count, then name', () => {
    const rows = [
      { name: 'Alpha', c: [0, 0, 0, 10] },
      { name: 'Beta', c: [1] },
      { name: 'Gamma', c: [0, 0, 0, 12] },
      { name: 'Delta', c: [0, 0, 0, 10] },
      { name: 'Eps', c: [] },
    ];
    expect(sortByUrgency(rows, (r) => key(r.c, r.name)).map((r) => r.name)).toEqual([
      'Beta',
      'Gamma',
      'Alpha',
      'Delta',
      'Eps',
    ]);
  });

  it('assigned-user ordering uses the same rule over priorities 0-3', () => {
    const users = [
      {
        name: 'Ion',
        row: { count_display_priority_0: 0, count_display_priority_1: 0, count_display_priority_2: 3 },
      },
      {
        name: 'Ana',
        row: { count_display_priority_0: 0, count_display_priority_1: 0, count_display_priority_2: 3 },
      },
      { name: 'Dan', row: { count_display_priority_0: 2 } },
      { name: 'Eva', row: {} },
    ];
    expect(
      sortByUrgency(users, (u) => key(statisticsRowCounts(u.row, 3), u.name)).map((u) => u.name),
    ).toEqual(['Dan', 'Ana', 'Ion', 'Eva']);
  });
});

describe('assigned-user filter', () => {
  it.each([
    ['customer_support', 'All users'],
    ['development', 'Ana Pop'],
    ['finance', 'Ana Pop'],
    ['marketing', 'Ana Pop'],
    ['sales', 'Ana Pop'],
    [null, 'Ana Pop'],
  ] as const)('%s → %s', (department, label) => {
    expect(assignedUserFilterLabel({ department, name: 'Ana Pop' })).toBe(label);
  });
  it('superadmins are left out', () => {
    const list = [
      { uid: 'a', superadmin: false },
      { uid: 'b', superadmin: true },
      { uid: 'c', superadmin: false },
    ];
    expect(assignableUsers(list).map((u) => u.uid)).toEqual(['a', 'c']);
  });
});
