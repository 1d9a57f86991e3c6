import { ORDER_STATISTIC_KEYS, ordersQuerySchema } from '@waybill/contracts';
import { describe, expect, it } from 'vitest';
import type { BackendCaller } from '../../src/backend/backend-caller.js';
import { ordersList } from '../../src/live-lists/orders.js';
import { ALL_PARTS, type RefreshParts } from '../../src/realtime/cohort.js';

/** A backend that records each call's route and lane, and answers every route with empty data. */
function recordingBackend() {
  const calls: Array<{ name: string; background: boolean }> = [];
  const backend: BackendCaller = {
    async call(name, opts) {
      calls.push({ name, background: opts.background === true });
      return new Proxy(
        { orders: [], comments: [], count: 0 },
        {
          get: (target, key) => (key in target ? target[key as keyof typeof target] : {}),
        },
      ) as never;
    },
  };
  return { calls, backend };
}

async function runFetch(initial: boolean, change: string | null, parts: RefreshParts = ALL_PARTS) {
  const { calls, backend } = recordingBackend();
  const query = ordersQuerySchema.parse({ filter: {}, window: { skip: 0, limit: 20 } });
  const fetch = ordersList.kind.fetcher(backend, 'managed-by')(query as never) as unknown as (
    token: string,
    signal: AbortSignal,
    initial: boolean,
    change: string | null,
    parts: RefreshParts,
  ) => AsyncGenerator<unknown>;
  const token = `token-${Math.random()}`;
  for await (const _stage of fetch(token, new AbortController().signal, initial, change, parts));
  return calls;
}

describe("a live order list's statistics in the backend scheduler's lanes", () => {
  it("reads a refresh's rows in the foreground and its eight statistics calls in the background", async () => {
    const calls = await runFetch(false, new Date().toISOString());
    expect(calls.filter((c) => c.name === 'orders.search.filter')).toEqual([
      { name: 'orders.search.filter', background: false },
    ]);
    const statistics = calls.filter((c) => c.name !== 'orders.search.filter');
    expect(statistics).toHaveLength(8);
    expect(statistics.every((c) => c.background)).toBe(true);
  });

  it('reads only the parts a change touches: no rows, and only the statistics named', async () => {
    const calls = await runFetch(false, new Date().toISOString(), {
      rows: false,
      later: ['fulfillment_centers_statistics'],
    });
    expect(calls).toEqual([{ name: 'orders.search.fulfillment_centers_statistics', background: true }]);
    expect(ORDER_STATISTIC_KEYS).toHaveLength(8);
  });

  it("reads a first load's statistics in the foreground, since its subscribers wait for them", async () => {
    const calls = await runFetch(true, null);
    expect(calls).toHaveLength(9);
    expect(calls.some((c) => c.background)).toBe(false);
  });
});
