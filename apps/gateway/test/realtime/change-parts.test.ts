import { applyListMessage, type ListState, type LiveListEvent, type Order } from '@waybill/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, polledOrders, type Stack, startStack } from './harness.js';

type Meta = Record<string, unknown>;
type Msg = LiveListEvent<Order, Meta>;
const POLL_MS = 200;

/** A live orders list as a script follows it: every message and the state they add up to. */
function follow(client: Awaited<ReturnType<Stack['signIn']>>['client'], filter: object) {
  const seen: { messages: Msg[]; state: ListState<Order, Meta> | null; stop: () => void } = {
    messages: [],
    state: null,
    stop: () => {},
  };
  const sub = client.orders.live.subscribe(
    { filter, window: { skip: 0, limit: 20 } },
    {
      onData: ({ data }) => {
        const message = data as Msg;
        seen.messages.push(message);
        if (message.kind !== 'health') seen.state = applyListMessage(seen.state, message);
      },
    },
  );
  seen.stop = () => sub.unsubscribe();
  return seen;
}

const STATISTICS = ['/orders/search/count', '/orders/search/display_statistics'];
const calls = (stack: Stack) => {
  const counts = stack.sim.control.callCounts();
  return { rows: counts['/orders/search/filter'] ?? 0, statistics: STATISTICS.map((p) => counts[p] ?? 0) };
};

/** The orders this file changed, so the gateway's poll has seen them. */
const changed = new Set<string>();

/**
 * Changes an order at the backend and waits until the gateway's poll has brought it and every
 * re-read it caused has been answered: the call counts stay put over two more polls.
 */
async function changeAndSettle(stack: Stack, uid: string) {
  changed.add(uid);
  stack.sim.control.changeOrder(uid);
  const poll = stack.app.services.realtime.poll;
  const changedAt = Date.now();
  // A poll that started after the change has completed.
  await eventually('the change polled', () => (poll.lastSuccessAt ?? 0) > changedAt + 2 * POLL_MS);
  let last = JSON.stringify(calls(stack));
  let stableSince = poll.lastSuccessAt!;
  await eventually('the re-reads settled', () => {
    const now = JSON.stringify(calls(stack));
    if (now !== last) {
      last = now;
      stableSince = poll.lastSuccessAt!;
      return false;
    }
    return poll.lastSuccessAt! > stableSince + 2 * POLL_MS;
  });
}

describe('a change re-reads only the parts of a list it can touch', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({ CHANGE_POLL_MS: String(POLL_MS) });
  });
  afterAll(async () => {
    await stack.close();
  });

  it("an order of another warehouse re-reads the warehouse list's statistics, not its rows", async () => {
    const { client } = await stack.signIn();
    const orders = polledOrders(
      (await client.orders.search.query({ window: { skip: 0, limit: 100 } })).orders,
    );
    const here = orders[0]!.fulfillment_center_uid;
    const elsewhere = orders.find((o) => o.fulfillment_center_uid !== here)!;
    const list = follow(client, { fulfillmentCentersUIDS: [here] });
    await eventually('snapshot', () => list.state);
    const before = calls(stack);
    await changeAndSettle(stack, elsewhere.uid);
    const after = calls(stack);
    expect(after.rows - before.rows).toBe(0);
    expect(after.statistics.map((n, i) => n - before.statistics[i]!)).toEqual([1, 1]);
    list.stop();
  });

  it("an order's first change is matched against the row a list shows: no count of another warehouse re-read", async () => {
    const { client } = await stack.signIn();
    const orders = polledOrders(
      (await client.orders.search.query({ window: { skip: 0, limit: 100 } })).orders,
    ).filter((o) => !changed.has(o.uid));
    const target = orders[0]!;
    const there = target.fulfillment_center_uid;
    const here = orders.find((o) => o.fulfillment_center_uid !== there)!.fulfillment_center_uid;
    // The order's own warehouse list shows it; the poll has not seen it yet.
    const listing = follow(client, { fulfillmentCentersUIDS: [there] });
    const shown = await eventually('snapshot', () => listing.state?.rows);
    expect(shown.some((o) => o.uid === target.uid)).toBe(true);
    const other = follow(client, { fulfillmentCentersUIDS: [here] });
    await eventually('snapshot', () => other.state);
    const before = calls(stack);
    await changeAndSettle(stack, target.uid);
    const after = calls(stack);
    // Only the listing warehouse's count and priorities are re-read: the other warehouse's apply its
    // warehouse, which the order was not of before (its listed row) or after.
    expect(after.statistics.map((n, i) => n - before.statistics[i]!)).toEqual([1, 1]);
    listing.stop();
    other.stop();
  });

  it('a change a reference search cannot find re-reads nothing once the gateway knows the order', async () => {
    const { client } = await stack.signIn();
    const [order] = polledOrders((await client.orders.search.query({})).orders);
    const list = follow(client, { reference: 'no-such-reference-anywhere' });
    await eventually('snapshot', () => list.state);
    // The first change of an order the gateway has not seen may have taken it out of anything: counted.
    await changeAndSettle(stack, order!.uid);
    const before = calls(stack);
    await changeAndSettle(stack, order!.uid);
    expect(calls(stack)).toEqual(before);
    list.stop();
  });

  it('says a list is paused when the poll fails with no change to bring, and resumes when it is back', async () => {
    const { client } = await stack.signIn();
    const list = follow(client, {});
    await eventually('snapshot', () => list.state);
    stack.sim.control.setFault({ kind: 'down' });
    const paused = await eventually('paused', () =>
      list.messages.find((m) => m.kind === 'health' && m.paused),
    );
    expect(paused).toMatchObject({ kind: 'health', paused: true });
    stack.sim.control.setFault(null);
    await eventually('resumed', () => {
      const last = list.messages.findLast((m) => m.kind === 'health');
      return last?.kind === 'health' && !last.paused;
    });
    list.stop();
  });
});
