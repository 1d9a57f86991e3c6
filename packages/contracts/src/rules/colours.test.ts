import { describe, expect, it } from 'vitest';
import {
  commentOverviewColour,
  dropdownColour,
  footerColour,
  inboundColour,
  inboundHasMarkerStrip,
  inboundPriorityColour,
  inboundProductRowChecked,
  inboundProductRowColour,
  inboundStatusColour,
  lineItemRowColour,
  mostUrgentPriority,
  orderDetailColour,
  orderRowColour,
  orderSummaryCardColour,
  storeActivityColour,
} from './colours.js';

describe('order row colour by display_priority (else red)', () => {
  it.each([
    [0, 'red'],
    [1, 'light-red'],
    [2, 'orange'],
    [3, 'yellow'],
    [4, 'green'],
    [5, 'light-blue'],
    [6, 'red'],
    [-1, 'red'],
    [2.5, 'red'],
    [null, 'red'],
    [undefined, 'red'],
  ])('%s → %s', (p, colour) => {
    expect(orderRowColour(p)).toBe(colour);
  });
});

describe('summary buckets', () => {
  it.each([
    [0, 'red'],
    [1, 'light-red'],
    [2, 'orange'],
    [3, 'yellow'],
    [4, 'green'],
  ])('bucket %i → %s', (p, colour) => {
    expect(orderRowColour(p)).toBe(colour);
  });

  it.each([
    [[5, 5, 5, 5, 5, 5], 'red'],
    [[0, 1, 0, 0], 'light-red'],
    [[0, 0, 7, 1], 'orange'],
    [[0, 0, 0, 1, 9, 9], 'yellow'],
    [[0, 0, 0, 0, 9, 9], 'green'],
    [[0, 0, 0, 0], 'green'],
    [[], 'green'],
    [[undefined, 3], 'light-red'],
  ])('card colour for %j → %s (worst non-empty among 0-3, else green)', (counts, colour) => {
    expect(orderSummaryCardColour(counts)).toBe(colour);
  });
});

describe('comment overview colour by department', () => {
  const cs = [
    [0, 'red'],
    [1, 'red'],
    [2, 'orange'],
    [3, 'yellow'],
    [4, 'green'],
    [5, 'blue'],
    [6, 'black'],
    [-1, 'black'],
    [null, 'black'],
  ] as const;
  it.each(cs)('customer_support, priority %s → %s', (p, colour) => {
    expect(commentOverviewColour(p, 'customer_support')).toBe(colour);
  });
  const others = [
    [0, 'orange'],
    [1, 'orange'],
    [2, 'red'],
    [3, 'red'],
    [4, 'red'],
    [5, 'red'],
    [6, 'black'],
    [1.5, 'black'],
    [undefined, 'black'],
  ] as const;
  for (const department of ['development', 'finance', 'marketing', 'sales', null] as const) {
    it.each(others)(`${department}, priority %s → %s`, (p, colour) => {
      expect(commentOverviewColour(p, department)).toBe(colour);
    });
  }
});

describe('detail dark variants', () => {
  it.each([
    [0, 'dark-red'],
    [1, 'dark-red'],
    [2, 'dark-orange'],
    [3, 'dark-yellow'],
    [4, 'dark-green'],
    [5, 'dark-blue'],
    [9, 'dark-red'],
    [null, 'dark-red'],
  ])('%s → %s', (p, colour) => {
    expect(orderDetailColour(p)).toBe(colour);
  });
});

describe('line-item row colour', () => {
  it.each([
    [1, 0, 'pink'],
    [1, 4, 'pink'],
    [3, 5, 'pink'],
    [0, 0, 'yellow'],
    [0, 1, 'yellow'],
    [0, 2, 'yellow'],
    [0, 3, 'yellow'],
    [0, 4, 'green'],
    [0, 5, 'blue'],
  ])('missing %i, priority %i → %s', (missing, p, colour) => {
    expect(lineItemRowColour({ missing_quantity: missing }, p)).toBe(colour);
  });
});

describe('footer colour follows the last order', () => {
  it.each([
    [[], 'red'],
    [[{ display_priority: 4 }], 'green'],
    [[{ display_priority: 0 }, { display_priority: 3 }], 'yellow'],
    [[{ display_priority: 5 }, { display_priority: 1 }], 'light-red'],
  ])('%j → %s', (orders, colour) => {
    expect(footerColour(orders)).toBe(colour);
  });
});

describe('inbound colours', () => {
  it.each([
    [0, 'red'],
    [1, 'light-red'],
    [2, 'orange'],
    [3, 'yellow'],
    [4, 'green'],
    [5, 'blue'],
    [6, 'gray'],
    [7, null],
    [null, null],
  ])('priority %s → %s', (p, colour) => {
    expect(inboundPriorityColour(p)).toBe(colour);
  });

  it.each([
    ['completed', 'green'],
    ['cancelled', 'blue'],
    ['in_transit', 'yellow'],
    ['arrived', 'orange'],
    ['processing', 'light-red'],
    ['draft', 'gray'],
    ['deleted', 'gray'],
    ['whatever', 'gray'],
  ])('status %s → %s', (status, colour) => {
    expect(inboundStatusColour(status)).toBe(colour);
  });

  it.each([
    [{ display_priority: 2, status: 'completed' }, 'orange', false],
    [{ display_priority: 0, status: 'completed' }, 'red', true],
    [{ display_priority: null, status: 'completed' }, 'green', false],
    [{ display_priority: null, status: 'draft' }, 'gray', false],
    [{ display_priority: 6, status: 'arrived' }, 'gray', false],
  ])('%j → %s (marker strip %s)', (inbound, colour, strip) => {
    expect(inboundColour(inbound)).toBe(colour);
    expect(inboundHasMarkerStrip(inbound)).toBe(strip);
  });
});

describe('dropdown colour: most urgent non-zero count', () => {
  it.each([
    [[1, 0, 0, 0, 0, 0, 0], 0, 'red'],
    [[0, 2, 5, 0, 0, 0, 0], 1, 'light-red'],
    [[0, 0, 3], 2, 'orange'],
    [[0, 0, 0, 1], 3, 'yellow'],
    [[0, 0, 0, 0, 9], 4, 'green'],
    [[0, 0, 0, 0, 0, 9], 5, 'blue'],
    [[0, 0, 0, 0, 0, 0, 9], 6, 'gray'],
    [[0, 0, 0, 0, 0, 0, 0], null, null],
    [[], null, null],
  ])('%j → %s', (counts, p, colour) => {
    expect(mostUrgentPriority(counts)).toBe(p);
    expect(dropdownColour(counts)).toBe(colour);
  });
});

describe('inbound product rows', () => {
  const clean = { missing: 0, defects: 0, junk: 0 };
  it.each([
    [clean, 'draft', 'yellow'],
    [clean, 'in_transit', 'yellow'],
    [clean, 'arrived', 'yellow'],
    [clean, 'processing', 'yellow'],
    [clean, 'completed', 'green'],
    [clean, 'cancelled', 'blue'],
    [clean, 'deleted', 'blue'],
    [{ ...clean, missing: 1 }, 'completed', 'pink'],
    [{ ...clean, defects: 2 }, 'cancelled', 'pink'],
    [{ ...clean, junk: 3 }, 'draft', 'pink'],
  ])('%j in %s → %s', (item, status, colour) => {
    expect(inboundProductRowColour(item, status)).toBe(colour);
    expect(inboundProductRowChecked(item, status)).toBe(colour === 'green');
  });
});

describe('store activity colour', () => {
  it.each([
    [0, 'green'],
    [1, 'yellow'],
    [2, 'orange'],
    [3, 'light-red'],
    [4, 'red'],
    [5, 'red'],
    [null, 'red'],
  ])('%s → %s', (p, colour) => {
    expect(storeActivityColour(p)).toBe(colour);
  });
});
