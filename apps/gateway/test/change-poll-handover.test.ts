import type { ChangesBody, Order } from '@waybill/contracts';
import { describe, expect, it } from 'vitest';
import { type ChangeEvent, MemoryChangeEventLog } from '../src/realtime/change-events.js';
import { ChangePoll, type PollLease } from '../src/realtime/change-poll.js';
import type { BackendCaller } from '../src/realtime/types.js';

const silent = { info() {}, warn() {}, error() {}, debug() {} };
const order = (uid: string, updatedAt: string) => ({ uid, updated_at: updatedAt }) as Order;
const T0 = Date.parse('2026-01-01T00:00:00Z');

/** A lease shared by "replicas" in one test: epoch, cursor and the stream's published changes. */
function sharedLease() {
  const shared = {
    holder: '' as string,
    epoch: 0,
    cursor: null as number | null,
    published: [] as Array<{ at: number; orders: Order[] }>,
  };
  const leaseFor = (replica: string): PollLease & { epochHeld: number } => {
    const lease = {
      epochHeld: 0,
      followerCheckMs: 500,
      async holds() {
        if (shared.holder === '' || shared.holder === replica) {
          if (shared.holder !== replica) {
            shared.holder = replica;
            shared.epoch += 1;
            lease.epochHeld = shared.epoch;
          }
          return true;
        }
        lease.epochHeld = 0;
        return false;
      },
      currentEpoch: () => lease.epochHeld,
      readCursor: async () => shared.cursor,
      async writeCursor(value: number) {
        if (shared.holder !== replica) throw new Error('lease lost');
        shared.cursor = value;
      },
      async release() {
        if (shared.holder === replica) shared.holder = '';
      },
      async publishedSince(sinceMs: number) {
        return shared.published.filter((p) => p.at >= sinceMs).flatMap((p) => p.orders);
      },
    };
    return lease;
  };
  return { shared, leaseFor };
}

function poller(opts: {
  lease: PollLease;
  answers: Array<Order[] | Error>;
  clock: { t: number };
  published: (orders: Order[], at: number) => void;
  failAppend?: () => boolean;
}) {
  const bodies: ChangesBody[] = [];
  const backend: BackendCaller = {
    async call(_name, callOpts) {
      bodies.push(callOpts.body as ChangesBody);
      const next = opts.answers.shift() ?? [];
      if (next instanceof Error) throw next;
      return { orders: next } as never;
    },
  };
  const memory = new MemoryChangeEventLog();
  const log = {
    ...memory,
    since: memory.since.bind(memory),
    latestId: memory.latestId.bind(memory),
    subscribe: memory.subscribe.bind(memory),
    close: memory.close.bind(memory),
    async append(orders: Order[], polledAt: number): Promise<ChangeEvent> {
      if (opts.failAppend?.()) throw new Error('lost the change-poll lease; event not published');
      opts.published(orders, polledAt);
      return memory.append(orders, polledAt);
    },
  };
  const poll = new ChangePoll({
    backend,
    log,
    lease: opts.lease,
    logger: silent,
    serviceToken: 'svc',
    managedBy: 'waybill',
    intervalMs: 5000,
    now: () => opts.clock.t,
  });
  return { poll, bodies };
}

describe('change-poll hand-over between replicas', () => {
  it('a new leader continues the window and does not publish again what the old one published', async () => {
    const clock = { t: T0 };
    const { shared, leaseFor } = sharedLease();
    const record = (orders: Order[], at: number) => shared.published.push({ at, orders });
    const a = order('a', '2026-01-01T00:00:01.000Z');
    const b = order('b', '2026-01-01T00:00:04.000Z');
    const old = poller({ lease: leaseFor('old'), answers: [[a]], clock, published: record });
    expect(await old.poll.pollOnce()).toBe('ok');
    // The old leader dies (its lease lapses); the next one overlaps its window by 10 s.
    shared.holder = '';
    clock.t += 5000;
    const next = poller({ lease: leaseFor('next'), answers: [[a, b]], clock, published: record });
    expect(await next.poll.pollOnce()).toBe('ok');
    expect(next.bodies[0]!.orders.updated_at_start).toBe(new Date(T0 - 10_000).toISOString());
    expect(shared.published.map((p) => p.orders.map((o) => o.uid))).toEqual([['a'], ['b']]);
  });

  it('moves the cursor only after publishing, and retries a change whose publishing failed', async () => {
    const clock = { t: T0 };
    const { shared, leaseFor } = sharedLease();
    const record = (orders: Order[], at: number) => shared.published.push({ at, orders });
    const c = order('c', new Date(T0 + 29_000).toISOString());
    let failing = false;
    const { poll, bodies } = poller({
      lease: leaseFor('leader'),
      answers: [[], [c], [c]],
      clock,
      published: record,
      failAppend: () => failing,
    });
    expect(await poll.pollOnce()).toBe('ok');
    expect(shared.cursor).toBe(T0);
    // The change is polled but cannot be published: the cursor stays, the change is not remembered.
    clock.t += 30_000;
    failing = true;
    expect(await poll.pollOnce()).toBe('error');
    expect(shared.cursor).toBe(T0);
    expect(shared.published).toEqual([]);
    failing = false;
    clock.t += 5000;
    expect(await poll.pollOnce()).toBe('ok');
    expect(bodies[2]!.orders.updated_at_start).toBe(new Date(T0 - 10_000).toISOString());
    expect(shared.published.map((p) => p.orders)).toEqual([[c]]);
    expect(shared.cursor).toBe(T0 + 35_000);
  });

  it('stop() cancels the backend call in flight instead of waiting for it', async () => {
    let aborted = false;
    let calls = 0;
    const backend: BackendCaller = {
      call: (_name, callOpts) =>
        new Promise((_resolve, reject) => {
          calls += 1;
          callOpts.signal?.addEventListener('abort', () => {
            aborted = true;
            reject(new Error('aborted'));
          });
        }),
    };
    const { leaseFor } = sharedLease();
    const poll = new ChangePoll({
      backend,
      log: new MemoryChangeEventLog(),
      lease: leaseFor('leader'),
      logger: silent,
      serviceToken: 'svc',
      managedBy: 'waybill',
      intervalMs: 5000,
    });
    poll.start();
    const end = Date.now() + 2000;
    while (calls === 0 && Date.now() < end) await new Promise((r) => setTimeout(r, 5));
    expect(calls).toBe(1);
    const started = Date.now();
    await poll.stop();
    expect(aborted).toBe(true);
    expect(Date.now() - started).toBeLessThan(500);
  });
});
