import type { InboundStatisticsRow } from '@waybill/contracts';
import { describe, expect, it } from 'vitest';
import { buildOptions, rowsColour, withSelected } from './dropdown-options.js';

function row(key: string | null, byPriority: Partial<Record<number, number>>): InboundStatisticsRow {
  const r: InboundStatisticsRow = {
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

  it('orders by the count the option shows, which falls back to count_general', () => {
    const fallback = { ...row('f', { 1: 2 }), count_display_priority_all: 0, count_general: 40 };
    const options = buildOptions([row('p', { 1: 5 }), fallback], (k) => k.toUpperCase());
    expect(options.map((o) => [o.value, o.count])).toEqual([
      ['f', 40],
      ['p', 5],
    ]);
  });

  it('skips the count_general total row, null keys and unknown names; adds badges', () => {
    const options = buildOptions(
      [row('count_general', { 0: 5 }), row(null, { 0: 5 }), row('x', { 1: 1 }), row('u1', { 2: 2 })],
      (k) => (k === 'u1' ? 'Ana Pop' : null),
      (k) => (k === 'u1' ? 'AP' : undefined),
    );
    expect(options).toEqual([{ value: 'u1', label: 'Ana Pop', count: 2, colour: 'orange', badge: 'AP' }]);
  });
});

describe('a selected value no row counts', () => {
  it('stays listed at 0, with its badge, so it can be unticked', () => {
    const options = buildOptions(
      [row('u1', { 1: 2 })],
      (k) => `User ${k}`,
      (k) => k.toUpperCase(),
    );
    expect(
      withSelected(
        options,
        ['u2'],
        (k) => `User ${k}`,
        (k) => k.toUpperCase(),
      ),
    ).toEqual([...options, { value: 'u2', label: 'User u2', count: 0, colour: null, badge: 'U2' }]);
    // Listed already: not added twice.
    expect(withSelected(options, ['u1'], (k) => `User ${k}`)).toEqual(options);
  });
});

describe('dropdown trigger colour', () => {
  it('is the most urgent non-zero priority over all rows, ignoring the total row', () => {
    expect(rowsColour([row('a', { 5: 1 }), row('b', { 1: 2, 6: 9 })])).toBe('light-red');
    expect(rowsColour([row('a', { 6: 1 })])).toBe('gray');
    expect(rowsColour([row('count_general', { 0: 3 }), row('a', { 4: 1 })])).toBe('green');
    expect(rowsColour([row('a', {})])).toBeNull();
    expect(rowsColour([])).toBeNull();
  });
});
