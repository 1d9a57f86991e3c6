import { describe, expect, it } from 'vitest';
import { applyListMessage, type ListPatch, type ListState } from './live.js';

interface Row {
  uid: string;
  n: number;
}
interface Meta {
  hasMore: boolean;
  stats: { a: number; b: number };
}

/** `state` after a patch of list-level fields only (no row changed). */
const applyMetaPatch = <Meta>(
  state: ListState<Row, Meta>,
  fields: Pick<ListPatch<Row, Meta>, 'metaLists' | 'metaPartRows'>,
) => applyListMessage(state, { kind: 'patch', upserts: [], removed: [], meta: null, ...fields });

const start: ListState<Row, Meta> = {
  rows: [
    { uid: 'x', n: 1 },
    { uid: 'y', n: 2 },
  ],
  meta: { hasMore: true, stats: { a: 1, b: 2 } },
};

describe('applyListMessage', () => {
  it('takes a snapshot whole', () => {
    const next = applyListMessage<Row, Meta>(null, { kind: 'snapshot', rows: [], meta: start.meta });
    expect(next).toEqual({ rows: [], meta: start.meta });
  });

  it('refuses a patch before any snapshot', () => {
    expect(() =>
      applyListMessage<Row, Meta>(null, { kind: 'patch', upserts: [], removed: [], meta: null }),
    ).toThrow('patch received before snapshot');
  });

  it('upserts in place and keeps the order when the patch has none', () => {
    const next = applyListMessage(start, {
      kind: 'patch',
      upserts: [{ uid: 'y', n: 5 }],
      removed: [],
      meta: null,
    });
    expect(next.rows).toEqual([
      { uid: 'x', n: 1 },
      { uid: 'y', n: 5 },
    ]);
    expect(next.meta).toBe(start.meta);
  });

  it('follows a new order, adding and removing rows', () => {
    const next = applyListMessage(start, {
      kind: 'patch',
      upserts: [{ uid: 'z', n: 3 }],
      removed: ['x'],
      order: ['z', 'y'],
      meta: null,
    });
    expect(next.rows.map((r) => r.uid)).toEqual(['z', 'y']);
  });

  it('drops removed rows even without an order', () => {
    const next = applyListMessage(start, { kind: 'patch', upserts: [], removed: ['x'], meta: null });
    expect(next.rows.map((r) => r.uid)).toEqual(['y']);
  });

  it('replaces top-level meta fields and merges meta parts one level deep', () => {
    const next = applyListMessage(start, {
      kind: 'patch',
      upserts: [],
      removed: [],
      meta: { hasMore: false },
      metaParts: { stats: { b: 9 } },
    });
    expect(next.meta).toEqual({ hasMore: false, stats: { a: 1, b: 9 } });
    expect(start.meta.stats).toEqual({ a: 1, b: 2 });
  });
});

describe('applyListMessage on list-valued meta', () => {
  interface Note {
    uid: string;
    text: string;
  }
  const withNotes: ListState<Row, { notes: Note[] }> = {
    rows: [],
    meta: {
      notes: [
        { uid: 'n1', text: 'a' },
        { uid: 'n2', text: 'b' },
      ],
    },
  };

  it('patches a list of items with uids item by item', () => {
    const next = applyMetaPatch(withNotes, {
      metaLists: { notes: { upserts: [{ uid: 'n2', text: 'B' }], removed: ['n1'] } },
    });
    expect(next.meta.notes).toEqual([{ uid: 'n2', text: 'B' }]);
  });

  it('adds new items where the order puts them', () => {
    const next = applyMetaPatch(withNotes, {
      metaLists: { notes: { upserts: [{ uid: 'n0', text: 'z' }], removed: [], order: ['n0', 'n1', 'n2'] } },
    });
    expect(next.meta.notes.map((n) => n.uid)).toEqual(['n0', 'n1', 'n2']);
  });
});

describe('applyListMessage on keyed statistics rows', () => {
  interface StatRow {
    key: string | null;
    count: number;
  }
  const withStats: ListState<Row, { statistics: { total: number; couriers: StatRow[] } }> = {
    rows: [],
    meta: {
      statistics: {
        total: 3,
        couriers: [
          { key: 'dhl', count: 2 },
          { key: null, count: 1 },
          { key: 'ups', count: 0 },
        ],
      },
    },
  };

  it('patches the rows of a statistics block by key, keeping its other rows and sub-fields', () => {
    const next = applyMetaPatch(withStats, {
      metaPartRows: { statistics: { couriers: { upserts: [{ key: null, count: 2 }], removed: ['ups'] } } },
    });
    expect(next.meta.statistics).toEqual({
      total: 3,
      couriers: [
        { key: 'dhl', count: 2 },
        { key: null, count: 2 },
      ],
    });
    expect(withStats.meta.statistics.couriers).toHaveLength(3);
  });

  it('reorders the rows when the patch names an order, and adds new keys', () => {
    const next = applyMetaPatch(withStats, {
      metaPartRows: {
        statistics: {
          couriers: {
            upserts: [{ key: 'dpd', count: 5 }],
            removed: [],
            order: ['dpd', 'dhl', null, 'ups'],
          },
        },
      },
    });
    expect(next.meta.statistics.couriers.map((r) => r.key)).toEqual(['dpd', 'dhl', null, 'ups']);
  });
});
