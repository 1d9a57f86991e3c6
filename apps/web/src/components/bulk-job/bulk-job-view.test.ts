import { describe, expect, it } from 'vitest';
import { bulkJobItems } from './bulk-job-view.js';

describe('bulkJobItems', () => {
  const results = [
    { uid: 'a', ok: true, error: null, reference: 'R-A' },
    { uid: 'b', ok: false, error: 'rejected' as const, reference: null },
  ];

  it("lists the job's answered orders in the console's words", () => {
    expect(bulkJobItems({ results })).toEqual([
      { uid: 'a', reference: 'R-A', state: 'done' },
      {
        uid: 'b',
        reference: null,
        state: 'failed',
        message: 'Not accepted for this order in its current status.',
      },
    ]);
  });

  it('with the orders asked for: their order, their references, and the ones still waiting', () => {
    const known = [
      { uid: 'c', reference: 'R-C' },
      { uid: 'b', reference: 'R-B' },
      { uid: 'a', reference: 'R-A' },
    ];
    expect(bulkJobItems({ results }, known).map((i) => [i.uid, i.reference, i.state])).toEqual([
      ['c', 'R-C', 'waiting'],
      ['b', 'R-B', 'failed'],
      ['a', 'R-A', 'done'],
    ]);
  });
});
