import { makeOrder } from '@waybill/contracts/test-fixtures';
import { describe, expect, it } from 'vitest';
import { KnownOrders } from './known-orders.js';

describe('KnownOrders', () => {
  it("pairs a change with the order's previous state, null the first time", () => {
    const known = new KnownOrders();
    const first = makeOrder({ uid: 'o1', display_priority: 1 });
    const second = makeOrder({ uid: 'o1', display_priority: 5 });
    expect(known.changes([first])).toEqual([{ before: null, after: first }]);
    expect(known.changes([second])).toEqual([{ before: first, after: second }]);
  });

  it('forgets the orders seen longest ago past its capacity', () => {
    const known = new KnownOrders(2);
    const [a, b, c] = ['a', 'b', 'c'].map((uid) => makeOrder({ uid }));
    known.changes([a!, b!]);
    // Seeing a again makes b the oldest.
    known.changes([a!]);
    known.changes([c!]);
    expect(known.changes([a!])[0]!.before).toBe(a);
    expect(known.changes([b!])[0]!.before).toBeNull();
  });
});
