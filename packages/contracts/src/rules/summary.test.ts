import { describe, expect, it } from 'vitest';
import type { InboundDisplayStatistics } from '../backend/inbounds.js';
import type { DisplayStatistics } from '../backend/orders.js';
import type { StoreStatus } from '../enums/common.js';
import {
  clientActivityCards,
  formatSummaryCount,
  INBOUND_FORCED_PRIORITIES,
  inboundCardsForced,
  inboundSummaryCards,
  isInboundSummaryCompact,
  isOrderSummaryCompact,
  orderSummaryCards,
  prioritiesSelected,
  priorityCount,
  showSummaryDivider,
  toggleBucketPriorities,
  toggleClientActivityCard,
  toggleStoreStatus,
} from './summary.js';

const orderStats = (c: number[]): DisplayStatistics => ({
  display_priority_0: c[0] ?? 0,
  display_priority_1: c[1] ?? 0,
  display_priority_2: c[2] ?? 0,
  display_priority_3: c[3] ?? 0,
  display_priority_4: c[4] ?? 0,
  display_priority_5: c[5] ?? 0,
});
const inboundStats = (c: number[]): InboundDisplayStatistics => ({
  ...orderStats(c),
  display_priority_6: c[6] ?? 0,
});

describe('order summary cards', () => {
  it('buckets, labels, counts and which counts are shown', () => {
    const cards = orderSummaryCards(orderStats([1, 2, 3, 4, 5, 6]));
    expect(cards.map((c) => [c.label, c.priorities, c.count, c.countVisible])).toEqual([
      ['Issues & Errors', [0, 1], 3, true],
      ['Alerts & Warnings', [2], 3, true],
      ['In Warehouse & In Traffic', [3], 4, true],
      ['Delivered & Done', [4], 5, false],
      ['Cancels & Returns', [5], 6, false],
    ]);
  });
  it.each([
    [[1, 1], 'red'],
    [[0, 1], 'light-red'],
    [[0, 0], 'red'],
  ])('errors card colour for %j → %s', (counts, colour) => {
    expect(orderSummaryCards(orderStats(counts))[0]?.colour).toBe(colour);
  });
  it('colours of the other cards', () => {
    expect(orderSummaryCards(orderStats([])).map((c) => c.colour)).toEqual([
      'red',
      'orange',
      'yellow',
      'green',
      'light-blue',
    ]);
  });
});

describe("'k' formatting at 100000 or more", () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [10_000, '10000'],
    [99_999, '99999'],
    [100_000, '100k'],
    [100_999, '100k'],
    [123_456, '123k'],
    [1_234_567, '1234k'],
  ])('%i → %s', (n, text) => {
    expect(formatSummaryCount(n)).toBe(text);
  });
});

describe('orders compact mode: any error, alert or traffic count reaches 10000', () => {
  it.each([
    [[9999, 0, 0, 0], false],
    [[5000, 5000, 0, 0], true],
    [[0, 10000], true],
    [[0, 0, 10000], true],
    [[0, 0, 0, 10000], true],
    [[0, 0, 0, 9999, 50000, 50000], false],
  ])('%j → %s', (counts, compact) => {
    expect(isOrderSummaryCompact(orderStats(counts))).toBe(compact);
  });
});

describe('divider: every count except done/cancel above zero, not empty state', () => {
  it.each([
    [[1, 0, 1, 1], false, true],
    [[0, 1, 1, 1], false, true],
    [[1, 1, 1, 1, 0, 0], false, true],
    [[1, 1, 0, 1], false, false],
    [[1, 1, 1, 0], false, false],
    [[0, 0, 1, 1], false, false],
    [[1, 1, 1, 1], true, false],
  ])('%j empty=%s → %s', (counts, empty, shown) => {
    expect(showSummaryDivider(orderStats(counts), empty)).toBe(shown);
  });
});

describe('inbound summary cards', () => {
  it('buckets: errors 0+1, alerts 2, on schedule 3, processed 4, cancel 5+6', () => {
    const cards = inboundSummaryCards(inboundStats([1, 2, 3, 4, 5, 6, 7]), [0, 1, 2, 3]);
    expect(cards.map((c) => [c.id, c.label, c.priorities, c.count, c.visible, c.enabled])).toEqual([
      ['errors', 'Issues & Errors', [0, 1], 3, true, true],
      ['alerts', 'Alerts & Warnings', [2], 3, true, true],
      ['onSchedule', 'On Schedule Inbounds', [3], 4, true, true],
      ['processed', 'Processed Inbounds', [4], 5, true, false],
      ['cancel', 'Deleted & Drafts', [5, 6], 13, true, false],
    ]);
  });
  it('priority filter bar: labels, and counts for errors, alerts and on schedule only', () => {
    const cards = inboundSummaryCards(inboundStats([1, 2, 3, 4, 5, 6, 7]), []);
    expect(cards.map((c) => [c.barLabel, c.barCountVisible])).toEqual([
      ['Errors', true],
      ['Alerts', true],
      ['On Schedule', true],
      ['Processed', false],
      ['Cancel', false],
    ]);
  });
  it.each([
    [
      [1, 2, 3, 4, 5, 6, 7],
      [true, true, true, true, true],
    ],
    [
      [10_000, 0, 4, 0, 7, 2, 0],
      [true, true, true, false, false],
    ],
  ])('compact mode hides the processed and deleted counts on the cards: %j → %j', (counts, shown) => {
    expect(inboundSummaryCards(inboundStats(counts), []).map((c) => c.countVisible)).toEqual(shown);
  });
  it.each([[[1, 1, 1, 1, 1, 1, 1]], [[0, 1, 0, 0, 0, 0, 1]], [[0, 0, 0, 0, 0, 0, 0]]])(
    'each card keeps its bucket colour (first priority): %j',
    (counts) => {
      expect(inboundSummaryCards(inboundStats(counts), []).map((c) => c.colour)).toEqual([
        'red',
        'orange',
        'yellow',
        'green',
        'blue',
      ]);
    },
  );
  it('a card shows only when its count is above 0', () => {
    const cards = inboundSummaryCards(inboundStats([0, 0, 1, 0, 0, 0, 2]), [0, 1, 2, 3]);
    expect(cards.map((c) => c.visible)).toEqual([false, true, false, false, true]);
  });
  it.each([
    [[0, 0, 0, 0, 4, 1, 0], true],
    [[0, 0, 0, 0, 0, 0, 0], true],
    [[1, 0, 0, 0, 4, 1, 0], false],
    [[0, 0, 0, 1, 4, 1, 0], false],
  ])(
    'processed and cancelled forced enabled when errors+alerts+on schedule are 0: %j → %s',
    (counts, forced) => {
      expect(inboundCardsForced(inboundStats(counts))).toBe(forced);
      const cards = inboundSummaryCards(inboundStats(counts), [0, 1, 2, 3]);
      expect(cards.find((c) => c.id === 'processed')?.enabled).toBe(forced);
      expect(cards.find((c) => c.id === 'cancel')?.enabled).toBe(forced);
    },
  );
  it('enabled follows the selected priorities (all of a bucket)', () => {
    const cards = inboundSummaryCards(inboundStats([1, 1, 1, 1, 1, 1, 1]), [0, 4, 5]);
    expect(cards.map((c) => c.enabled)).toEqual([false, false, false, true, false]);
  });
  it('a forced flag from the caller (the request it sent) overrides the one the stats give', () => {
    const empty = inboundStats([]);
    expect(inboundSummaryCards(empty, [0, 1, 2, 3], false).map((c) => c.enabled)).toEqual([
      true,
      true,
      true,
      false,
      false,
    ]);
    const urgent = inboundStats([1]);
    expect(inboundSummaryCards(urgent, [0, 1, 2, 3], true).map((c) => c.enabled)).toEqual([
      true,
      true,
      true,
      true,
      true,
    ]);
  });
  it.each([
    [[0, 1], [0, 1, 2, 3], true],
    [[0, 1], [1, 2], false],
    [[5, 6], [5], false],
    [[4], [4], true],
    [[2], [], false],
  ])('bucket %j selected in %j → %s', (priorities, selected, on) => {
    expect(prioritiesSelected(priorities, selected)).toBe(on);
  });
  it.each([
    [[9999, 0, 0, 0, 0, 0, 0], false],
    [[0, 0, 0, 0, 10000], true],
    [[0, 0, 0, 0, 0, 5000, 5000], true],
    [[5000, 4999], false],
  ])('compact when any count is 10000 or more: %j → %s', (counts, compact) => {
    expect(isInboundSummaryCompact(inboundStats(counts))).toBe(compact);
  });
  it('processed and cancel are the buckets that can be forced', () => {
    expect(INBOUND_FORCED_PRIORITIES).toEqual([4, 5, 6]);
  });
  it('clicking a bucket toggles its priorities', () => {
    expect(toggleBucketPriorities([0, 1, 2, 3], [5, 6])).toEqual([0, 1, 2, 3, 5, 6]);
    expect(toggleBucketPriorities([0, 1, 2, 3, 5, 6], [5, 6])).toEqual([0, 1, 2, 3]);
  });
  it('returns the priorities in ascending order', () => {
    expect(toggleBucketPriorities([2, 3], [0, 1])).toEqual([0, 1, 2, 3]);
    expect(toggleBucketPriorities([4, 2, 3], [5, 6])).toEqual([2, 3, 4, 5, 6]);
  });
});

describe('priorityCount reads loose statistics safely', () => {
  it.each([
    [{ display_priority_2: 5 }, 2, 5],
    [{}, 2, 0],
    [{ display_priority_2: 'x' }, 2, 0],
    [{ display_priority_2: Number.NaN }, 2, 0],
  ])('%j[%i] → %i', (stats, p, n) => {
    expect(priorityCount(stats, p)).toBe(n);
  });
});

describe('clients activity cards', () => {
  const stats = {
    display_priority_0: 3,
    display_priority_1: 0,
    display_priority_2: 5,
    display_priority_3: 1,
    display_priority_4: 2,
  };
  it('labels, counts, visibility', () => {
    expect(
      clientActivityCards(stats, [0, 1, 2, 3]).map((c) => [c.label, c.count, c.visible, c.enabled]),
    ).toEqual([
      ['Super Active', 3, true, true],
      ['Highly Active', 0, false, true],
      ['Fairly Active', 5, true, true],
      ['Slightly Active', 1, true, true],
      ['Completely Inactive', 2, true, false],
    ]);
  });
  it.each([
    [[0, 1, 2, 3], 0, [1, 2, 3]],
    [[0, 1, 2, 3], 4, [0, 1, 2, 3, 4]],
    [[2], 2, [2]],
    [[1, 2], 2, [1, 2]],
    [[0, 2], 2, [0]],
    [[2], 4, [2, 4]],
    [[], 0, [0]],
  ])('selected %j click %i → %j (ignored when the only enabled one)', (selected, p, out) => {
    expect(toggleClientActivityCard(selected, p, stats)).toEqual(out);
  });
  it('priority 5 makes no card; a hidden selected priority does not count as enabled', () => {
    const six = {
      ...stats,
      display_priority_1: 0,
      display_priority_2: 2,
      display_priority_4: 5,
      display_priority_5: 7,
    };
    const cards = clientActivityCards(six, [0, 1, 2, 3]).filter((c) => c.visible);
    expect(cards.map((c) => [c.priority, c.count, c.enabled])).toEqual([
      [0, 3, true],
      [2, 2, true],
      [3, 1, true],
      [4, 5, false],
    ]);
    expect(toggleClientActivityCard([0, 1, 2, 3], 2, six)).toEqual([0, 1, 3]);
    expect(toggleClientActivityCard([0, 1, 2, 3], 4, six)).toEqual([0, 1, 2, 3, 4]);
    const single = { display_priority_0: 3, display_priority_1: 0, display_priority_2: 2 };
    expect(toggleClientActivityCard([0], 0, single)).toEqual([0]);
    expect(toggleClientActivityCard([0], 2, single)).toEqual([0, 2]);
  });
});

describe('store-status toggle: the last one cannot be deselected', () => {
  it.each<[StoreStatus[], StoreStatus, StoreStatus[]]>([
    [['installed'], 'installed', ['installed']],
    [['installed'], 'deleted', ['installed', 'deleted']],
    [['installed', 'deleted'], 'installed', ['deleted']],
    [['installed', 'development', 'deleted'], 'development', ['installed', 'deleted']],
    [['deleted'], 'deleted', ['deleted']],
    [[], 'development', ['development']],
  ])('%j toggle %s → %j', (selected, status, out) => {
    expect(toggleStoreStatus(selected, status)).toEqual(out);
  });
});
