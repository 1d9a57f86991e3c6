import { applyListMessage, type ListMessage, type ListState, type Order } from '@waybill/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, polledOrders, type Stack, startStack } from './harness.js';

type Meta = Record<string, unknown>;
type Msg = ListMessage<Order, Meta>;

describe('order statistics shared by cohorts that differ only in their window', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(async () => {
    await stack.close();
  });

  it('one statistics read per change for two windows of one filter, pushed after the rows', async () => {
    const { client } = await stack.signIn();
    const tabs = [20, 40].map((limit) => {
      const tab = { messages: [] as Msg[], state: null as ListState<Order, Meta> | null };
      client.orders.live.subscribe(
        { filter: {}, window: { skip: 0, limit } },
        {
          onData: ({ data }) => {
            tab.messages.push(data as Msg);
            tab.state = applyListMessage(tab.state, data as Msg);
          },
        },
      );
      return tab;
    });
    await eventually('both snapshots', () => tabs.every((t) => t.state));
    const counts = () => stack.sim.control.callCounts();
    const [counts0, rows0] = [counts()['/orders/search/count'] ?? 0, counts()['/orders/search/filter'] ?? 0];
    const target = polledOrders(tabs[0]!.state!.rows)[0]!;
    stack.sim.control.changeOrder(target.uid);
    const statisticsPatch = (m: Msg) =>
      m.kind === 'patch' && (m.metaParts?.statistics !== undefined || m.meta?.statistics !== undefined);
    await eventually('the statistics patch on both tabs', () =>
      tabs.every((t) => t.messages.some(statisticsPatch)),
    );
    // Two row reads (one per window), one statistics read (the count call stands for its eight).
    expect((counts()['/orders/search/filter'] ?? 0) - rows0).toBe(2);
    expect((counts()['/orders/search/count'] ?? 0) - counts0).toBe(1);
    // Pushed separately: the rows' patch carries no statistics.
    for (const t of tabs) {
      const first = t.messages.findIndex((m) => m.kind === 'patch');
      expect(statisticsPatch(t.messages[first]!)).toBe(false);
    }
  });
});
