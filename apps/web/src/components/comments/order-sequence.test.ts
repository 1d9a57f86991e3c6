import { renderHook } from '@testing-library/react';
import { DEFAULT_ORDERS_FILTER } from '@waybill/contracts';
import { act } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  extendOrderQueue,
  publishOrderQueue,
  queueNeighbours,
  requestListReturn,
  resetOrderQueue,
  takeListReturn,
  useOrderQueue,
} from './order-sequence.js';

const entries = (spec: string) => [...spec].map((c, i) => ({ uid: `o${i}`, commented: c === 'c' }));

describe('the orders queue', () => {
  beforeEach(() => resetOrderQueue());

  it('finds the nearest orders with comments around any order, with or without comments itself', () => {
    const list = entries('c.c..c');
    expect(queueNeighbours(list, 'o2')).toEqual({ previous: 'o0', next: 'o5', index: 2 });
    // o3 has no comments (opened through 'Add comment'): its neighbours are still found.
    expect(queueNeighbours(list, 'o3')).toEqual({ previous: 'o2', next: 'o5', index: 3 });
    expect(queueNeighbours(list, 'o0')).toEqual({ previous: null, next: 'o2', index: 0 });
    expect(queueNeighbours(list, 'o5')).toEqual({ previous: 'o2', next: null, index: 5 });
    expect(queueNeighbours(list, 'zz')).toEqual({ previous: null, next: null, index: -1 });
  });

  it('keeps rows read past the list while the filter holds, and drops them for a new filter', () => {
    const { result } = renderHook(() => useOrderQueue());
    act(() =>
      publishOrderQueue({
        entries: entries('c.'),
        filter: DEFAULT_ORDERS_FILTER,
        hasMore: true,
        listHref: '/realtime?x=1',
      }),
    );
    expect(result.current.listHref).toBe('/realtime?x=1');
    act(() => extendOrderQueue(2, [{ uid: 'p1', commented: true }], false));
    expect(result.current.entries.map((e) => e.uid)).toEqual(['o0', 'o1', 'p1']);
    expect(result.current.hasMore).toBe(false);
    // A stale read (the queue moved on) is ignored.
    act(() => extendOrderQueue(1, [{ uid: 'stale', commented: true }], true));
    expect(result.current.entries.map((e) => e.uid)).toEqual(['o0', 'o1', 'p1']);
    // The list republishes the same filter: the extra row stays after the listed ones.
    act(() =>
      publishOrderQueue({
        entries: entries('c.c'),
        filter: DEFAULT_ORDERS_FILTER,
        hasMore: true,
        listHref: '/realtime?x=1',
      }),
    );
    expect(result.current.entries.map((e) => e.uid)).toEqual(['o0', 'o1', 'o2', 'p1']);
    // Another filter: only what the list shows.
    act(() =>
      publishOrderQueue({
        entries: entries('c'),
        filter: { ...DEFAULT_ORDERS_FILTER, reference: 'x' },
        hasMore: false,
        listHref: '/realtime?q=x',
      }),
    );
    expect(result.current.entries.map((e) => e.uid)).toEqual(['o0']);
  });

  it('hands the way back to the list once', () => {
    requestListReturn({ scrollY: 120, uid: 'o1' });
    expect(takeListReturn()).toEqual({ scrollY: 120, uid: 'o1' });
    expect(takeListReturn()).toBeNull();
  });
});
