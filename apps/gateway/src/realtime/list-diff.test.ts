import { applyListMessage, type ListState } from '@waybill/contracts';
import { describe, expect, it } from 'vitest';
import { diffList, fingerprint } from './list-diff.js';

type Row = { uid: string; v: number };
type Meta = { hasMore: boolean; statistics: Record<string, number[]> };

const state = (rows: Row[], statistics: Meta['statistics'], hasMore = true): ListState<Row, Meta> => ({
  rows,
  meta: { hasMore, statistics },
});

function diff(before: ListState<Row, Meta>, next: ListState<Row, Meta>) {
  const patch = diffList(fingerprint(before), next, fingerprint(next));
  if (patch) expect(applyListMessage(before, patch)).toEqual(next);
  return patch;
}

describe('diffList', () => {
  const base = state(
    [
      { uid: 'a', v: 1 },
      { uid: 'b', v: 1 },
    ],
    { statuses: [1, 2], couriers: [3, 4] },
  );

  it('finds nothing in an equal list', () => {
    expect(diff(base, structuredClone(base))).toBeNull();
  });

  it('sends a changed row without the order when the order stayed', () => {
    const next = state(
      [
        { uid: 'a', v: 1 },
        { uid: 'b', v: 2 },
      ],
      base.meta.statistics,
    );
    expect(diff(base, next)).toEqual({
      kind: 'patch',
      upserts: [{ uid: 'b', v: 2 }],
      removed: [],
      meta: null,
    });
  });

  it('sends the order when rows move, arrive or leave', () => {
    const next = state(
      [
        { uid: 'c', v: 1 },
        { uid: 'a', v: 1 },
      ],
      base.meta.statistics,
    );
    expect(diff(base, next)).toMatchObject({ upserts: [{ uid: 'c' }], removed: ['b'], order: ['c', 'a'] });
  });

  it('sends only the statistics blocks that changed', () => {
    const next = state(base.rows, { statuses: [1, 3], couriers: [3, 4] }, false);
    expect(diff(base, next)).toEqual({
      kind: 'patch',
      upserts: [],
      removed: [],
      meta: { hasMore: false },
      metaParts: { statistics: { statuses: [1, 3] } },
    });
  });

  it('resends an object field whole when its set of sub-fields changed', () => {
    const next = state(base.rows, { statuses: [1, 2] });
    expect(diff(base, next)).toMatchObject({ meta: { statistics: { statuses: [1, 2] } } });
    expect(diff(base, next)?.metaParts).toBeUndefined();
  });

  it('patches a list of items with uids item by item', () => {
    type NoteMeta = { notes: { uid: string; text: string }[] };
    const before: ListState<Row, NoteMeta> = {
      rows: [],
      meta: {
        notes: [
          { uid: 'n1', text: 'a' },
          { uid: 'n2', text: 'b' },
        ],
      },
    };
    const next: ListState<Row, NoteMeta> = { rows: [], meta: { notes: [{ uid: 'n2', text: 'B' }] } };
    const patch = diffList(fingerprint(before), next, fingerprint(next));
    expect(patch).toEqual({
      kind: 'patch',
      upserts: [],
      removed: [],
      meta: null,
      metaLists: { notes: { upserts: [{ uid: 'n2', text: 'B' }], removed: ['n1'] } },
    });
    expect(applyListMessage(before, patch!)).toEqual(next);
  });

  it('resends a list whole when its items stop having distinct uids', () => {
    type NoteMeta = { notes: { uid: string }[] };
    const before: ListState<Row, NoteMeta> = { rows: [], meta: { notes: [{ uid: 'n1' }] } };
    const next: ListState<Row, NoteMeta> = { rows: [], meta: { notes: [{ uid: 'n1' }, { uid: 'n1' }] } };
    expect(diffList(fingerprint(before), next, fingerprint(next))?.meta).toEqual(next.meta);
  });
});

describe('fingerprint', () => {
  it('reuses the row prints when the rows are the same array, and reads them again otherwise', () => {
    const rows = [{ uid: 'a', v: 1 }];
    const first = fingerprint(state(rows, {}));
    expect(fingerprint(state(rows, { s: [1] }), { rows, print: first }).rows).toBe(first.rows);
    const copy = [{ uid: 'a', v: 2 }];
    expect(fingerprint(state(copy, {}), { rows, print: first }).rows.items.get('a')).toBe(
      '{"uid":"a","v":2}',
    );
  });
});

describe('diffList on keyed statistics rows', () => {
  type StatRow = { key: string | null; counts: number[] };
  type StatMeta = { statistics: { count: number; couriers: StatRow[]; centers: StatRow[] } };
  const rowsOf = (couriers: StatRow[], centers: StatRow[], count = 10): ListState<Row, StatMeta> => ({
    rows: [],
    meta: { statistics: { count, couriers, centers } },
  });
  const couriers: StatRow[] = [
    { key: 'dhl', counts: [1, 2] },
    { key: 'ups', counts: [3, 4] },
    { key: null, counts: [0, 1] },
  ];
  const centers: StatRow[] = Array.from({ length: 50 }, (_, i) => ({ key: `fc${i}`, counts: [i, i] }));
  const before = rowsOf(couriers, centers);
  const statDiff = (next: ListState<Row, StatMeta>) => {
    const patch = diffList(fingerprint(before), next, fingerprint(next));
    if (patch) expect(applyListMessage(before, patch)).toEqual(next);
    return patch;
  };

  it("sends only a block's rows that changed (one order moved: a row or two), not the block", () => {
    const next = rowsOf(
      [couriers[0]!, { key: 'ups', counts: [2, 5] }, couriers[2]!],
      centers.map((row) => (row.key === 'fc7' ? { key: 'fc7', counts: [8, 7] } : row)),
    );
    expect(statDiff(next)).toEqual({
      kind: 'patch',
      upserts: [],
      removed: [],
      meta: null,
      metaPartRows: {
        statistics: {
          couriers: { upserts: [{ key: 'ups', counts: [2, 5] }], removed: [] },
          centers: { upserts: [{ key: 'fc7', counts: [8, 7] }], removed: [] },
        },
      },
    });
  });

  it('sends the new order when rows re-sort, removed keys, and plain sub-fields whole beside them', () => {
    const next = rowsOf([couriers[1]!, { key: 'dhl', counts: [1, 3] }], centers, 11);
    expect(statDiff(next)).toMatchObject({
      metaParts: { statistics: { count: 11 } },
      metaPartRows: {
        statistics: { couriers: { upserts: [{ key: 'dhl' }], removed: [null], order: ['ups', 'dhl'] } },
      },
    });
  });

  it('sends a block whole when it empties (no keyed rows to patch)', () => {
    expect(statDiff(rowsOf([], centers))).toMatchObject({ metaParts: { statistics: { couriers: [] } } });
  });
});
