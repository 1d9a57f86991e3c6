import { applyListMessage, type ListMessage, type ListState, type Order } from '@waybill/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eventually, polledOrders, type Stack, startStack } from './harness.js';

type Meta = Record<string, unknown>;
type Msg = ListMessage<Order, Meta>;

describe('early patch from the change poll', { timeout: 60_000 }, () => {
  let stack: Stack;
  beforeAll(async () => {
    // The poll runs when the test says so (pollOnce), not on its own.
    stack = await startStack({ CHANGE_POLL_MS: '60000' });
    await eventually('the first poll', () => (stack.sim.control.callCounts()['/changes'] ?? 0) >= 1);
  });
  afterAll(async () => {
    await stack?.close();
  });

  it("a listed order's polled row reaches subscribers before their cohort's slow re-read; the re-read still follows", async () => {
    const { client } = await stack.signIn('ops@example.com');
    const target = polledOrders((await client.orders.search.query({})).orders)[3]!;
    const messages: { at: number; msg: Msg }[] = [];
    let state: ListState<Order, Meta> | null = null;
    const sub = client.orders.live.subscribe(
      { filter: {} },
      {
        onData(d) {
          const msg = (d as { data: Msg }).data;
          messages.push({ at: Date.now(), msg });
          state = applyListMessage(state, msg);
        },
      },
    );
    await eventually('the snapshot', () => state?.rows.some((o) => o.uid === target.uid));
    const slowMs = 3000;
    const reads = () => stack.sim.control.callCounts()['/orders/search/filter'] ?? 0;
    const readsBefore = reads();
    /** Order list re-reads that landed whole (rows and later stages). */
    const reReads = async () =>
      (await stack.app.services.realtime.metrics.cohortFetches.get()).values
        .filter((v) => v.labels.kind === 'orders' && v.labels.outcome === 'ok')
        .reduce((sum, v) => sum + v.value, 0);
    const reReadsBefore = await reReads();
    stack.sim.control.setFault({ kind: 'slow', delayMs: slowMs, paths: ['/orders/search/filter'] });
    try {
      const changed = stack.sim.control.changeOrder(target.uid);
      const polledAt = Date.now();
      expect(await stack.app.services.realtime.poll.pollOnce()).toBe('ok');
      const carries = ({ msg }: { msg: Msg }) =>
        msg.kind === 'patch' &&
        msg.upserts.some((o) => o.uid === target.uid && o.updated_at === changed.updated_at);
      const early = await eventually('the polled row', () => messages.find(carries), slowMs);
      expect(early.at - polledAt, 'before any re-read could answer').toBeLessThan(slowMs - 1000);
      expect(
        (state as ListState<Order, Meta> | null)?.rows.find((o) => o.uid === target.uid)?.aggregated_status,
      ).toEqual(changed.aggregated_status);
      // The cohort still re-reads (membership, order, counts), and does not push the same row again.
      await eventually('the re-read', () => reads() > readsBefore, 15_000);
      await vi.waitFor(
        async () => expect(await reReads(), 'the re-read landed').toBeGreaterThan(reReadsBefore),
        {
          timeout: 20_000,
          interval: 50,
        },
      );
      // Barrier: another listed order changes. Its patch reaches this subscriber after whatever the
      // landed re-read pushed, so a second push of the first row would have come before it.
      stack.sim.control.setFault(null);
      const next = polledOrders((state as ListState<Order, Meta> | null)!.rows).find(
        (o) => o.uid !== target.uid,
      )!;
      const nextChanged = stack.sim.control.changeOrder(next.uid);
      expect(await stack.app.services.realtime.poll.pollOnce()).toBe('ok');
      await eventually(
        'the next change',
        () =>
          messages.some(
            ({ msg }) =>
              msg.kind === 'patch' &&
              (msg.upserts.some((o) => o.uid === next.uid && o.updated_at === nextChanged.updated_at) ||
                msg.removed.includes(next.uid)),
          ),
        15_000,
      );
      expect(messages.filter(carries)).toHaveLength(1);
    } finally {
      stack.sim.control.setFault(null);
      sub.unsubscribe();
    }
  });
});
