import { describe, expect, it } from 'vitest';
import {
  assignableUsers,
  assignedUserFilterDefault,
  capDropdown,
  compareByCount,
  compareByUrgency,
  compareOptionNames,
  isAssignableUser,
  sortByCount,
  sortByUrgency,
  statisticsRowCounts,
  withSelectedOptions,
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
  it.each(['Users', 'Warehouses', 'Countries', 'Options'] as const)('the other dropdowns: %s', (noun) => {
    expect(capDropdown(entries(30), (e) => e.count, noun).more?.label).toBe(`+ 7 More ${noun}`);
  });
  it('never collapses a selected entry: it takes the place of the last unselected ones, in order', () => {
    const all = entries(30);
    const chosen = new Set([all[25]!.key, all[2]!.key]);
    const capped = capDropdown(
      all,
      (e) => e.count,
      'Merchants',
      23,
      (e) => chosen.has(e.key),
    );
    expect(capped.visible).toHaveLength(23);
    expect(capped.visible.map((e) => e.key)).toEqual([...all.slice(0, 22), all[25]!].map((e) => e.key));
    expect(capped.more).toEqual({
      hidden: 7,
      count: [22, 23, 24, 26, 27, 28, 29].reduce((sum, i) => sum + all[i]!.count, 0),
      label: '+ 7 More Merchants',
    });
  });
  it('sums what countOf reads; entries without a count add 0', () => {
    const options = [...entries(23), { key: 'x', count: undefined }, { key: 'y', count: 4 }];
    expect(capDropdown(options, (e) => e.count ?? 0, 'Options', 23).more).toEqual({
      hidden: 2,
      count: 4,
      label: '+ 2 More Options',
    });
  });
  it('takes a smaller cap', () => {
    const capped = capDropdown(entries(5), (e) => e.count, 'Users', 3);
    expect(capped.visible.map((e) => e.key)).toEqual(['m0', 'm1', 'm2']);
    expect(capped.more).toEqual({ hidden: 2, count: 4 + 5, label: '+ 2 More Users' });
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

describe('ordering without urgency: count desc, then name', () => {
  it.each([
    ['alpha', 'Beta', -1],
    ['abc', 'Abc', -1],
    ['Zeta', 'alpha', 1],
  ] as const)('names %s vs %s → %i', (a, b, sign) => {
    expect(Math.sign(compareOptionNames(a, b))).toBe(sign);
    expect(Math.sign(compareOptionNames(b, a))).toBe(-sign);
  });
  it('equal names tie', () => {
    expect(compareOptionNames('Cluj', 'Cluj')).toBe(0);
  });
  it.each([
    [{ count: 8, name: 'Berlin' }, { count: 0, name: 'Arad' }, -1],
    [{ count: 3, name: 'Cluj' }, { count: 3, name: 'Berlin' }, 1],
    [{ count: 3, name: 'berlin' }, { count: 3, name: 'Berlin' }, -1],
  ])('%j vs %j → %i', (a, b, sign) => {
    expect(Math.sign(compareByCount(a, b))).toBe(sign);
    expect(Math.sign(compareByCount(b, a))).toBe(-sign);
  });
  it('sorts warehouses, merchants or couriers of the orders screen', () => {
    const rows = [
      { name: 'Cluj', n: 0 },
      { name: 'Berlin', n: 8 },
      { name: 'Arad', n: 0 },
      { name: 'Deva', n: 8 },
    ];
    expect(sortByCount(rows, (r) => ({ count: r.n, name: r.name })).map((r) => r.name)).toEqual([
      'Berlin',
      'Deva',
      'Arad',
      'Cluj',
    ]);
  });
});

describe('assigned-user filter', () => {
  it('superadmins are left out', () => {
    const list = [
      { uid: 'a', superadmin: false },
      { uid: 'b', superadmin: true },
      { uid: 'c', superadmin: false },
    ];
    expect(assignableUsers(list).map((u) => u.uid)).toEqual(['a', 'c']);
    expect(list.map(isAssignableUser)).toEqual([true, false, true]);
  });
  // Roles and permissions: "For customer_support, the own-user option in the assigned-user filter reads 'All users';
  // for others it defaults to the logged-in user's name. Superadmin users are left out of the
  // assigned-user filter list."
  it.each([
    ['customer_support', false, []],
    ['development', false, ['me']],
    ['finance', false, ['me']],
    ['marketing', false, ['me']],
    ['sales', false, ['me']],
    // No department is not customer_support: the filter starts on the user, showing their name.
    [null, false, ['me']],
    // A superadmin is not in the list, so cannot be its default.
    [null, true, []],
    ['development', true, []],
  ] as const)('default selection: %s, superadmin %s → %j', (department, superadmin, uids) => {
    expect(assignedUserFilterDefault({ uid: 'me', department, superadmin })).toEqual(uids);
  });
  it('no user yet: all users', () => {
    expect(assignedUserFilterDefault(null)).toEqual([]);
    expect(assignedUserFilterDefault(undefined)).toEqual([]);
  });
});

describe('selected values stay in the menu', () => {
  it('adds a selected value the statistics no longer list, after the listed ones', () => {
    const options = [{ value: 'RO', count: 3 }];
    expect(withSelectedOptions(options, ['DE', 'RO'], (value) => ({ value, count: 0 }))).toEqual([
      { value: 'RO', count: 3 },
      { value: 'DE', count: 0 },
    ]);
    expect(withSelectedOptions(options, [], (value) => ({ value, count: 0 }))).toEqual(options);
  });
});
