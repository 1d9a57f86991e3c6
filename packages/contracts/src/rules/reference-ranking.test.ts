import { describe, expect, it } from 'vitest';
import { normalReference, rankByReference, referenceRank } from './reference-ranking.js';

const refs = (orders: readonly { reference: string | null }[]) => orders.map((o) => o.reference);

describe('rankByReference', () => {
  it('puts the exact reference first, then prefixes, then the rest, keeping the incoming order within each', () => {
    const found = [
      { reference: 'XA-1001' },
      { reference: 'A-10011' },
      { reference: null },
      { reference: 'A-1001' },
      { reference: 'A-100' },
      { reference: 'A-10012' },
    ];
    expect(refs(rankByReference('A-1001', found))).toEqual([
      'A-1001',
      'A-10011',
      'A-10012',
      'XA-1001',
      null,
      'A-100',
    ]);
  });

  it('ignores case, spaces around and a leading # on either side', () => {
    expect(referenceRank(' #a-1001 ', 'A-1001')).toBe(0);
    expect(referenceRank('a-10', '#A-1001')).toBe(1);
    expect(normalReference('# AB ')).toBe('ab');
  });

  it('ranks nothing above the rest for an empty query, and leaves its input alone', () => {
    const found = [{ reference: 'B' }, { reference: 'A' }];
    expect(refs(rankByReference('  ', found))).toEqual(['B', 'A']);
    expect(refs(rankByReference('A', found))).toEqual(['A', 'B']);
    expect(refs(found)).toEqual(['B', 'A']);
  });
});
