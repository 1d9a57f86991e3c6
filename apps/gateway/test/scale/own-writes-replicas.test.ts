import {
  applyListMessage,
  FINAL_ORDER_STATUSES,
  type ListMessage,
  type ListState,
  type LiveHealthMessage,
  type Order,
} from '@waybill/contracts';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { metricsText, trpcError } from '../helpers.js';
import { eventually, polledOrders, type RunningSim } from '../realtime/harness.js';
import {
  type Replica,
  type ReplicaStack,
  replicaClients,
  STACK_START_MS,
  startReplicaStack,
} from './replicas.js';
import { totalPolls, until } from './watch-order.js';

type Meta = Record<string, unknown>;
type Msg = ListMessage<Order, Meta>;
interface Followed {
  messages: Array<{ at: number; data: Msg }>;
  state: ListState<Order, Meta> | null;
  errors: unknown[];
  stop(): void;
}
type Subscribable = {
  subscribe(
    input: unknown,
    opts: { onData(d: unknown): void; onError(e: unknown): void },
  ): { unsubscribe(): void };
};

function follow(on: unknown, input: unknown): Followed {
  const f: Followed = { messages: [], state: null, errors: [], stop: () => {} };
  const sub = (on as Subscribable).subscribe(input, {
    onData(d) {
      const { data } = d as { data: Msg | LiveHealthMessage };
      // A health message (paused while the poll falls behind) carries no rows.
      if (data.kind === 'health') return;
      f.messages.push({ at: Date.now(), data });
      f.state = applyListMessage(f.state, data);
    },
    onError(e) {
      f.errors.push(e);
    },
  });
  f.stop = () => sub.unsubscribe();
  return f;
}

const firstSighting = (f: Followed, uid: string, updatedAt: string) =>
  f.messages.find(
    ({ data }) =>
      data.kind === 'patch' && data.upserts.some((o) => o.uid === uid && o.updated_at === updatedAt),
  );
const POLL_MS = 1500;
/** The backend route of a live list's row reads (and re-reads). */
const FILTER_PATH = '/orders/search/filter';

describe('own-write fast path across two replicas on one Redis', { timeout: 60_000 }, () => {
  let stack: ReplicaStack;
  let reader: Redis;
  let sim: RunningSim;
  let replicas: Replica[] = [];
  const clients = replicaClients();
  /** A client of `replica` signed in as `email`. */
  const signIn = async (replica: Replica, email: string) =>
    clients.client(replica, await clients.signIn(replica, email));
  /** Every change event in the stream that carries this order at this updated_at, with its source. */
  const streamed = async (uid: string, updatedAt: string) => {
    const entries = (await reader.xrange('waybill:changes', '-', '+')) as Array<[string, string[]]>;
    return entries
      .map(([, fields]) => JSON.parse(fields[1]!) as { orders: Order[]; source?: string })
      .filter((e) => e.orders.some((o) => o.uid === uid && o.updated_at === updatedAt))
      .map((e) => e.source);
  };

  beforeAll(async () => {
    stack = await startReplicaStack({
      names: ['a', 'b'],
      env: { CHANGE_POLL_MS: String(POLL_MS), POLL_LEASE_MS: '4000' },
    });
    ({ sim, replicas } = stack);
    reader = stack.redis.connect();
  }, STACK_START_MS);

  afterAll(async () => {
    clients.closeAll();
    await stack?.close();
  });

  it('a write through one replica reaches a subscriber on the other at once, published once though the poll sees it too', async () => {
    const [a, b] = replicas as [Replica, Replica];
    const onA = await signIn(a, 'ops@example.com');
    const onB = await signIn(b, 'dev@example.com');
    const targets = polledOrders((await onA.orders.search.query({})).orders).filter(
      (o) => !(FINAL_ORDER_STATUSES as readonly string[]).includes(o.aggregated_status.key),
    );
    for (const target of targets.slice(0, 3)) {
      const sub = follow(onB.orders.live, { filter: { reference: target.reference } });
      await eventually('B snapshot', () => sub.state?.rows.some((o) => o.uid === target.uid), 10_000);
      const answer = await onA.orders.comments.add.mutate({
        orderUid: target.uid,
        text: 'Courier called, pickup tomorrow',
      });
      const answeredAt = Date.now();
      const { updated_at: updatedAt } = answer.order;
      await eventually('the write on replica b', () => firstSighting(sub, target.uid, updatedAt), 5000);
      // Well under the poll interval: the write itself carried it.
      expect(firstSighting(sub, target.uid, updatedAt)!.at - answeredAt).toBeLessThan(1000);
      expect(await streamed(target.uid, updatedAt)).toEqual(['write']);
      sub.stop();
      // Two more polls cover the write's time (three counted, in case one was under way before the
      // write); the stream still holds it once.
      const pollsBefore = await totalPolls(replicas, 'ok');
      await until(
        'two more polls',
        async () => (await totalPolls(replicas, 'ok')) >= pollsBefore + 3,
        20_000,
      );
      expect(await streamed(target.uid, updatedAt)).toEqual(['write']);
      expect(sub.errors).toEqual([]);
    }
  });

  it("the written row travels in the stream entry: replica b's list shows it before its cohort's slow re-read answers", async () => {
    const [a, b] = replicas as [Replica, Replica];
    const onA = await signIn(a, 'ops@example.com');
    const onB = await signIn(b, 'dev@example.com');
    const target = polledOrders((await onA.orders.search.query({})).orders).filter(
      (o) => !(FINAL_ORDER_STATUSES as readonly string[]).includes(o.aggregated_status.key),
    )[6]!;
    const sub = follow(onB.orders.live, { filter: { reference: target.reference } });
    await eventually('B snapshot', () => sub.state?.rows.some((o) => o.uid === target.uid), 10_000);
    // Row reads take 3 s on both replicas now: only the row carried by the event can reach b sooner.
    const slowMs = 3000;
    const detailReads = () => sim.control.callCounts()['/orders/order/{uid}'] ?? 0;
    const filterReads = () => sim.control.callCounts()[FILTER_PATH] ?? 0;
    /** Row reads the replicas have had an answer to (or given up on). */
    const answeredFilterReads = async () => {
      let answered = 0;
      for (const replica of replicas) {
        for (const line of (await metricsText(replica.url)).split('\n'))
          if (line.startsWith('waybill_backend_calls_total{') && line.includes(`route="${FILTER_PATH}"`))
            answered += Number(line.split(' ').at(-1));
      }
      return answered;
    };
    sim.control.setFault({ kind: 'slow', delayMs: slowMs, paths: [FILTER_PATH] });
    try {
      const detailsBefore = detailReads();
      const rereadsBefore = filterReads();
      const answer = await onA.orders.changeStatus.mutate({
        orderUid: target.uid,
        status: 'shipping_in_transit',
        happenedAt: new Date().toISOString(),
      });
      const answeredAt = Date.now();
      const { updated_at: updatedAt } = answer.order;
      await eventually('the row on replica b', () => firstSighting(sub, target.uid, updatedAt), slowMs);
      const seen = firstSighting(sub, target.uid, updatedAt)!;
      expect(seen.at - answeredAt, 'before any re-read could answer').toBeLessThan(slowMs - 1000);
      expect(seen.data.kind === 'patch' && seen.data.upserts).toEqual([answer.order]);
      expect(detailReads(), 'no replica read the order again for it').toBe(detailsBefore);
      expect(await streamed(target.uid, updatedAt)).toEqual(['write']);
      // The re-read still runs (statistics, membership) and pushes the row no second time: once the
      // backend has answered every slow read, a later write's patch on the same subscription comes
      // after anything the re-read pushed.
      await until(
        'the re-read answered',
        async () => {
          const received = filterReads();
          return received > rereadsBefore && (await answeredFilterReads()) >= received;
        },
        20_000,
      );
      const later = await onA.orders.comments.add.mutate({ orderUid: target.uid, text: 'Label printed' });
      await eventually(
        'the later write on replica b',
        () => firstSighting(sub, target.uid, later.order.updated_at),
        10_000,
      );
      expect(
        sub.messages.filter(({ data }) =>
          firstSighting({ ...sub, messages: [{ at: 0, data }] }, target.uid, updatedAt),
        ),
      ).toHaveLength(1);
      expect(sub.state?.rows.find((o) => o.uid === target.uid)?.aggregated_status.key).toBe(
        'shipping_in_transit',
      );
      expect(sub.errors).toEqual([]);
    } finally {
      sim.control.setFault(null);
      sub.stop();
    }
  });

  it('a status change through one replica makes a stale modal on the other get the conflict, naming who', async () => {
    const [a, b] = replicas as [Replica, Replica];
    const onA = await signIn(a, 'ops@example.com');
    const onB = await signIn(b, 'dev@example.com');
    const target = polledOrders((await onA.orders.search.query({})).orders).filter(
      (o) => !(FINAL_ORDER_STATUSES as readonly string[]).includes(o.aggregated_status.key),
    )[5]!;
    const seen = (await onB.orders.detail.query({ uid: target.uid })).order;
    await onA.orders.changeStatus.mutate({
      orderUid: target.uid,
      status: 'lost',
      happenedAt: new Date().toISOString(),
    });
    const refused = await trpcError(
      onB.orders.changeStatus.mutate({
        orderUid: target.uid,
        status: 'shipping_delivered',
        happenedAt: new Date().toISOString(),
        expected: { updatedAt: seen.updated_at, status: seen.aggregated_status.key },
      }),
    );
    expect(refused.data?.code).toBe('CONFLICT');
    expect((refused.data as { conflict?: unknown }).conflict).toMatchObject({
      by: 'Olivia Ops',
      what: { kind: 'status', status: 'lost' },
    });
  });
});
