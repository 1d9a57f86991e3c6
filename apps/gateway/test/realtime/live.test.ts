import { applyListMessage, type ListMessage, type ListState, type Order } from '@waybill/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ordersList } from '../../src/live-lists/orders.js';
import { eventually, polledOrders, type Stack, startStack } from './harness.js';

type Meta = Record<string, unknown>;
type Msg = ListMessage<Order, Meta>;
interface Received {
  ids: string[];
  messages: Msg[];
  state: ListState<Order, Meta> | null;
  stop(): void;
}

type Subscribe = (
  input: never,
  opts: { onData(d: never): void; onError(e: unknown): void },
) => {
  unsubscribe(): void;
};

/** Follow a live list as a browser tab does, applying every message to its own copy. */
function follow(
  subscribeTo: unknown,
  input: unknown,
  resumeFrom: ListState<Order, Meta> | null = null,
): Received {
  const received: Received = { ids: [], messages: [], state: resumeFrom, stop: () => {} };
  const s = (subscribeTo as Subscribe)(input as never, {
    onData(d: never) {
      const { id, data } = d as { id: string; data: Msg | { kind: 'health' } };
      // A busy machine can put the poll behind: the list then says so, which is not a list change.
      if (data.kind === 'health') return;
      received.ids.push(id);
      received.messages.push(data);
      received.state = applyListMessage(received.state, data);
    },
    onError(e) {
      throw e;
    },
  });
  received.stop = () => s.unsubscribe();
  return received;
}

const calls = (stack: Stack, path: string) => stack.sim.control.callCounts()[path] ?? 0;

/** Whether any order list cohort is re-reading the backend now. */
const reReading = (stack: Stack) =>
  [...stack.app.services.realtime.list(ordersList.kind).cohorts.values()].some(({ cohort }) =>
    cohort.refreshUnderWay(),
  );

/** `uid@updated_at` of every order the change log publishes from now on; `stop` ends the recording. */
function recordPublished(stack: Stack): { seen: Set<string>; stop(): void } {
  const seen = new Set<string>();
  const stop = stack.app.services.realtime.events.subscribe((event) => {
    for (const o of event.orders) seen.add(`${o.uid}@${o.updated_at}`);
  });
  return { seen, stop };
}

// Waits are bounded generously (a loaded machine is slow, not wrong); each test may take as long.
describe('realtime over real websockets', { timeout: 60_000 }, () => {
  let stack: Stack;
  beforeAll(async () => {
    // One user opens forty different filters below, above the default per-user cohort cap and
    // the backend calls one session may queue (40 first loads of nine calls each).
    // Their calls queue behind one another, and a call's deadline counts its time queued.
    stack = await startStack({
      LIVE_COHORTS_PER_USER: '100',
      BACKEND_SESSION_QUEUE: '1000',
      BACKEND_TIMEOUT_MS: '120000',
    });
  });
  afterAll(async () => {
    await stack.close();
  });

  it('makes exactly one /changes call per poll, whatever the number of subscribers', async () => {
    const { token } = await stack.signIn();
    const polled = async () => {
      const metric = await stack.app.services.realtime.metrics.polls.get();
      return metric.values.filter((v) => v.labels.outcome === 'ok').reduce((sum, v) => sum + v.value, 0);
    };
    /** /changes calls the backend got over the next five polls of the gateway. */
    const callsOverFivePolls = async () => {
      const [calls0, polls0] = [calls(stack, '/changes'), await polled()];
      let polls1 = polls0;
      for (let i = 0; i < 500 && polls1 < polls0 + 5; i++) {
        await new Promise((r) => setTimeout(r, 20));
        polls1 = await polled();
      }
      return { calls: calls(stack, '/changes') - calls0, polls: polls1 - polls0 };
    };
    const alone = await callsOverFivePolls();
    // Forty tabs, each with its own websocket and filter.
    const subs = Array.from({ length: 40 }, (_, i) =>
      follow(stack.tab(token).orders.live.subscribe, { filter: { reference: `nothing-${i}` } }),
    );
    await eventually('40 snapshots', () => subs.every((s) => s.state), 50_000);
    const crowded = await callsOverFivePolls();
    for (const s of subs) s.stop();
    // A poll's call reaches the backend before the gateway counts the poll: one may be in flight at the edges.
    for (const { calls, polls } of [alone, crowded]) {
      expect(polls).toBeGreaterThanOrEqual(5);
      expect(Math.abs(calls - polls)).toBeLessThanOrEqual(1);
    }
    // Forty first loads of nine backend calls each take their time on a busy machine.
  }, 60_000);

  it('identical subscribers share one backend fetch', async () => {
    const { token } = await stack.signIn();
    const before = calls(stack, '/orders/search/filter');
    const filter = { filter: { reference: 'shared-cohort-probe' } };
    const subs = Array.from({ length: 20 }, () => follow(stack.tab(token).orders.live.subscribe, filter));
    await eventually('20 snapshots', () => subs.every((s) => s.state));
    expect(calls(stack, '/orders/search/filter') - before).toBe(1);
    for (const s of subs) s.stop();
  });

  it('a forced change reaches a matching subscriber and not a non-matching one', async () => {
    const { client } = await stack.signIn();
    const list = await client.orders.search.query({});
    const target = polledOrders(list.orders)[0]!;
    const matching = follow(client.orders.live.subscribe, {
      filter: { reference: target.reference },
    });
    const other = follow(client.orders.live.subscribe, {
      filter: { reference: 'no-such-reference-xyz' },
    });
    await eventually('snapshots', () => matching.state && other.state);
    const changed = stack.sim.control.changeOrder(target.uid) as Order;
    await eventually('the change pushed to the matching subscriber', () =>
      matching.messages.some(
        (m) =>
          m.kind === 'patch' &&
          m.upserts.some((o) => o.uid === target.uid && o.updated_at === changed.updated_at),
      ),
    );
    expect(matching.state?.rows.find((o) => o.uid === target.uid)?.aggregated_status.key).toBe(
      changed.aggregated_status.key,
    );
    // Barrier: the change event starts every re-read it causes at once. Once none is under way, what
    // `other` was sent for the change is on the websocket, ahead of the snapshot of a list opened on
    // that same websocket afterwards.
    await eventually('the re-reads after the change', () => !reReading(stack), 15_000);
    const later = follow(client.orders.live.subscribe, { filter: { reference: 'later-on-the-same-socket' } });
    await eventually('a later snapshot on the same websocket', () => later.state, 15_000);
    later.stop();
    expect(other.state?.rows).toEqual([]);
    expect(
      other.messages.some((m) => m.kind === 'patch' && m.upserts.some((o) => o.uid === target.uid)),
    ).toBe(false);
    matching.stop();
    other.stop();
  });

  it('pushes a changed row as a small patch before the statistics, and the followed list stays true', async () => {
    const { client } = await stack.signIn();
    const tab = follow(client.orders.live.subscribe, {});
    await eventually('snapshot', () => tab.state);
    const target = polledOrders(tab.state!.rows)[0]!;
    const changed = stack.sim.control.changeOrder(target.uid) as Order;
    // The change may also take the order out of the default filter.
    const isRowPatch = (m: Msg) =>
      m.kind === 'patch' &&
      (m.upserts.some((o) => o.uid === target.uid && o.updated_at === changed.updated_at) ||
        m.removed.includes(target.uid));
    await eventually('the row patch', () => tab.messages.some(isRowPatch));
    const rowPatch = tab.messages.find(isRowPatch) as Extract<Msg, { kind: 'patch' }>;
    // Statistics come in a later stage; comments go item by item, never the whole list again.
    expect(rowPatch.meta?.statistics).toBeUndefined();
    expect(rowPatch.metaParts?.statistics).toBeUndefined();
    expect(rowPatch.meta?.comments).toBeUndefined();
    // The re-read after the row patch lands in stages: the followed list must come to equal a fresh read.
    await vi.waitFor(
      async () => {
        const fresh = await client.orders.search.query({});
        expect(tab.state!.rows.map((o) => o.uid)).toEqual(fresh.orders.map((o) => o.uid));
        const shown = tab.state!.rows.find((o) => o.uid === target.uid);
        if (shown) expect(shown.aggregated_status).toEqual(changed.aggregated_status);
        expect((tab.state!.meta.comments as { uid: string }[]).map((c) => c.uid).sort()).toEqual(
          fresh.comments.map((c) => c.uid).sort(),
        );
      },
      { timeout: 15_000, interval: 50 },
    );
    tab.stop();
  });

  it('a reconnect with lastEventId gets exactly what it missed, nothing twice', async () => {
    const { client } = await stack.signIn();
    const input = { filter: {}, window: { skip: 0, limit: 20 } };
    const first = follow(client.orders.live.subscribe, input);
    await eventually('snapshot', () => first.state);
    const lastId = first.ids.at(-1)!;
    first.stop();
    const rows = polledOrders(first.state!.rows);
    // Each change is published by a poll of its own while the subscriber is away.
    const published = recordPublished(stack);
    const polled = (o: Order) =>
      eventually(
        `the poll to publish ${o.uid}`,
        () => published.seen.has(`${o.uid}@${o.updated_at}`),
        15_000,
      );
    const changes: Order[] = [];
    try {
      changes.push(stack.sim.control.changeOrder(rows[0]!.uid) as Order);
      await polled(changes[0]!);
      changes.push(stack.sim.control.changeOrder(rows[1]!.uid) as Order);
      await polled(changes[1]!);
    } finally {
      published.stop();
    }
    const resumed = follow(client.orders.live.subscribe, { ...input, lastEventId: lastId }, first.state);
    await eventually('missed messages', () => resumed.messages.length >= 1, 15_000);
    // Both changed rows show their new version, or have left the list.
    await eventually(
      'both missed changes',
      () =>
        changes.every(
          (c) => !resumed.state!.rows.some((o) => o.uid === c.uid && o.updated_at !== c.updated_at),
        ),
      15_000,
    );
    // Barrier: the fresh snapshot comes on the same websocket, after anything sent to `resumed` before.
    const fresh = follow(client.orders.live.subscribe, {
      filter: {},
      window: { skip: 0, limit: 20 },
    });
    await eventually('fresh snapshot', () => fresh.state, 15_000);
    // Replayed patches continue the id sequence right after lastEventId, with no snapshot and no repeat.
    expect(resumed.messages.every((m) => m.kind === 'patch')).toBe(true);
    const [epoch, seq] = lastId.split(':');
    expect(resumed.ids).toEqual(resumed.ids.map((_, i) => `${epoch}:${Number(seq) + i + 1}`));
    const replayed = resumed.messages.reduce<ListState<Order, Meta>>(
      (s, m) => applyListMessage(s, m),
      first.state!,
    );
    expect(replayed.rows.map((o) => `${o.uid}@${o.updated_at}`)).toEqual(
      fresh.state!.rows.map((o) => `${o.uid}@${o.updated_at}`),
    );
    resumed.stop();
    fresh.stop();
  });

  it('recovers from a backend outage during polling without missing the change made meanwhile', async () => {
    const { client } = await stack.signIn();
    const list = await client.orders.search.query({});
    const target = polledOrders(list.orders)[2]!;
    const sub = follow(client.orders.live.subscribe, { filter: { reference: target.reference } });
    await eventually('snapshot', () => sub.state);
    stack.sim.control.setFault({ kind: 'down' });
    const { poll } = stack.app.services.realtime;
    await eventually('a failed poll', () => poll.consecutiveFailures > 0, 15_000);
    const failedBefore = poll.consecutiveFailures;
    const changed = stack.sim.control.changeOrder(target.uid) as Order;
    // The outage outlasts the change: a poll after it fails too.
    await eventually('a failed poll after the change', () => poll.consecutiveFailures > failedBefore, 15_000);
    stack.sim.control.setFault(null);
    await eventually(
      'the change made during the outage',
      () => sub.state?.rows.some((o) => o.uid === target.uid && o.updated_at === changed.updated_at),
      20_000,
    );
    expect(stack.app.services.realtime.poll.consecutiveFailures).toBe(0);
    sub.stop();
  });
});
