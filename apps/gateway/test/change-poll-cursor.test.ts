import type { ChangesBody, Order } from '@waybill/contracts';
import { describe, expect, it } from 'vitest';
import { MemoryChangeEventLog } from '../src/realtime/change-events.js';
import { ChangePoll, type PollLease } from '../src/realtime/change-poll.js';
import type { BackendCaller } from '../src/realtime/types.js';

const silent = { info() {}, warn() {}, error() {}, debug() {} };
const order = (uid: string, updatedAt: string) => ({ uid, updated_at: updatedAt }) as Order;
const T0 = Date.parse('2026-01-01T00:00:00Z');
const ROUND_MS = 3000;

/**
 * What Redis holds for the poll, shared by the "replicas" of one test (RedisPollLease's rules on
 * the test's clock), and `lose()` for a Redis that came back empty: no lease, no epoch counter, no
 * cursor, no change stream.
 */
function sharedRedis(clock: { t: number }) {
  const shared = {
    holder: '',
    epoch: 0,
    cursor: null as number | null,
    roundUntil: 0,
    published: [] as Array<{ at: number; orders: Order[] }>,
    lose() {
      Object.assign(shared, { holder: '', epoch: 0, cursor: null, roundUntil: 0, published: [] });
    },
  };
  const leaseFor = (replica: string): PollLease => {
    let held = 0;
    return {
      followerCheckMs: 500,
      async holds() {
        if (shared.holder !== '' && shared.holder !== replica) return false;
        if (shared.holder !== replica) {
          shared.holder = replica;
          shared.epoch += 1;
          held = shared.epoch;
        }
        return true;
      },
      currentEpoch: () => (shared.holder === replica ? held : 0),
      readCursor: async () => shared.cursor,
      async writeCursor(value) {
        if (shared.holder !== replica) throw new Error('lease lost');
        shared.cursor = value;
      },
      async recoverCursor(known: number | null, leading: boolean) {
        if (clock.t >= shared.roundUntil) {
          if (shared.cursor !== null || !leading) return { cursor: shared.cursor, roundMs: 0 };
          shared.roundUntil = clock.t + ROUND_MS;
        }
        if (known !== null && (shared.cursor === null || known < shared.cursor)) shared.cursor = known;
        return { cursor: shared.cursor, roundMs: shared.roundUntil - clock.t };
      },
      async release() {},
      async publishedSince(sinceMs) {
        return shared.published.filter((p) => p.at >= sinceMs).flatMap((p) => p.orders);
      },
    };
  };
  return { shared, leaseFor };
}

function replica(
  lease: PollLease,
  answers: Order[][],
  clock: { t: number },
  onPublish: (o: Order[]) => void,
) {
  const bodies: ChangesBody[] = [];
  const backend: BackendCaller = {
    async call(_name, callOpts) {
      bodies.push(callOpts.body as ChangesBody);
      return { orders: answers.shift() ?? [] } as never;
    },
  };
  const memory = new MemoryChangeEventLog();
  const poll = new ChangePoll({
    backend,
    log: {
      append: async (orders, polledAt) => {
        onPublish(orders);
        return memory.append(orders, polledAt);
      },
    },
    lease,
    logger: silent,
    serviceToken: 'svc',
    managedBy: 'waybill',
    intervalMs: 1000,
    now: () => clock.t,
  });
  return { poll, bodies };
}

const windowStart = (body: ChangesBody | undefined) => body?.orders.updated_at_start;

describe('the change-poll cursor outlives a Redis that lost it', () => {
  it('a new leader waits out the round for the cursors the other replicas kept, and polls from the earliest', async () => {
    const clock = { t: T0 - 1000 };
    const { shared, leaseFor } = sharedRedis(clock);
    const record = (orders: Order[]) => shared.published.push({ at: clock.t, orders });
    shared.cursor = T0 - 2000;
    const first = replica(leaseFor('first'), [[], []], clock, record);
    const behind = replica(leaseFor('behind'), [], clock, record);
    const follower = replica(leaseFor('follower'), [], clock, record);
    // One follower last saw the cursor before the leader's last poll, the other after.
    expect(await first.poll.pollOnce()).toBe('ok');
    expect(await behind.poll.pollOnce()).toBe('not-leader');
    clock.t = T0;
    expect(await first.poll.pollOnce()).toBe('ok');
    expect(await follower.poll.pollOnce()).toBe('not-leader');
    expect(shared.cursor).toBe(T0);

    // The leader dies with Redis, which comes back empty; a replica that knows no cursor takes over.
    clock.t = T0 + 60_000;
    shared.lose();
    const changed = order('x', new Date(T0 + 30_000).toISOString());
    const fresh = replica(leaseFor('fresh'), [[changed]], clock, record);
    expect(await fresh.poll.pollOnce()).toBe('waiting');
    // At their next lease checks the followers offer what they saw: the lowest is kept.
    expect(await follower.poll.pollOnce()).toBe('not-leader');
    expect(shared.cursor).toBe(T0);
    expect(await behind.poll.pollOnce()).toBe('not-leader');
    expect(shared.cursor).toBe(T0 - 1000);
    clock.t += ROUND_MS - 1;
    expect(await fresh.poll.pollOnce()).toBe('waiting');
    expect(fresh.bodies).toEqual([]);

    clock.t += 1;
    expect(await fresh.poll.pollOnce()).toBe('ok');
    expect(windowStart(fresh.bodies[0])).toBe(new Date(T0 - 11_000).toISOString());
    expect(shared.published.map((p) => p.orders.map((o) => o.uid))).toEqual([['x']]);
  });

  it('a leader that kept polling through it resumes from its own last poll, publishing nothing twice', async () => {
    const clock = { t: T0 };
    const { shared, leaseFor } = sharedRedis(clock);
    const published: string[] = [];
    const record = (orders: Order[]) => {
      published.push(...orders.map((o) => o.uid));
      shared.published.push({ at: clock.t, orders });
    };
    const before = order('before', new Date(T0 - 1000).toISOString());
    const during = order('during', new Date(T0 + 20_000).toISOString());
    // Some leaders before it: its epoch is 3.
    shared.epoch = 2;
    shared.cursor = T0 - 1000;
    const leader = replica(leaseFor('leader'), [[before], [before, during]], clock, record);
    expect(await leader.poll.pollOnce()).toBe('ok');

    clock.t += 45_000;
    shared.lose();
    // Its lease went with the rest: it takes it again under epoch 1, a new tenure.
    expect(await leader.poll.pollOnce()).toBe('waiting');
    clock.t += ROUND_MS;
    expect(await leader.poll.pollOnce()).toBe('ok');
    expect(windowStart(leader.bodies[1])).toBe(new Date(T0 - 10_000).toISOString());
    expect(published).toEqual(['before', 'during']);
    expect(shared.cursor).toBe(T0 + 45_000 + ROUND_MS);
  });

  it('takes a cursor that is there as it is, and with none anywhere (a new deployment) starts now', async () => {
    const clock = { t: T0 };
    const running = sharedRedis(clock);
    running.shared.cursor = T0 - 5000;
    const leader = replica(running.leaseFor('leader'), [[]], clock, () => {});
    expect(await leader.poll.pollOnce()).toBe('ok');
    expect(windowStart(leader.bodies[0])).toBe(new Date(T0 - 15_000).toISOString());

    const created = sharedRedis(clock);
    const first = replica(created.leaseFor('first'), [[]], clock, () => {});
    expect(await first.poll.pollOnce()).toBe('waiting');
    clock.t += ROUND_MS;
    expect(await first.poll.pollOnce()).toBe('ok');
    expect(windowStart(first.bodies[0])).toBe(new Date(clock.t - 10_000).toISOString());
  });

  it('a leader that cannot reach the lease any more is no leader', async () => {
    const clock = { t: T0 };
    const { shared, leaseFor } = sharedRedis(clock);
    shared.cursor = T0 - 5000;
    const lease = leaseFor('leader');
    const { poll } = replica(lease, [[]], clock, () => {});
    expect(await poll.pollOnce()).toBe('ok');
    expect(poll.isLeader()).toBe(true);
    lease.holds = async () => {
      throw new Error('Connection is closed.');
    };
    expect(await poll.pollOnce()).toBe('error');
    expect(poll.isLeader()).toBe(false);
  });

  it('a follower that cannot reach the lease falls behind, and retries at its lease-check pace', async () => {
    let checks = 0;
    const lease: PollLease = {
      followerCheckMs: 10,
      async holds() {
        checks += 1;
        throw new Error('Connection is closed.');
      },
      readCursor: async () => null,
      writeCursor: async () => {},
      release: async () => {},
    };
    const clock = { t: T0 };
    const { poll } = replica(lease, [], clock, () => {});
    poll.start();
    await poll.stop();
    clock.t += 5000;
    expect(await poll.pollOnce()).toBe('error');
    // Behind as much as the time since it last heard of a poll: live lists say they are paused.
    expect(poll.lagMs()).toBe(5000);

    // Not backed off like a failing backend (at least the 1 s interval): Redis is tried again soon.
    const real = new ChangePoll({
      backend: { call: async () => ({ orders: [] }) as never },
      log: { append: async () => ({ id: '1', orders: [], polledAt: 0, source: 'poll' }) },
      lease,
      logger: silent,
      serviceToken: 'svc',
      managedBy: 'waybill',
      intervalMs: 60_000,
    });
    checks = 0;
    real.start();
    const end = Date.now() + 30_000;
    while (checks < 4 && Date.now() < end) await new Promise((r) => setTimeout(r, 5));
    await real.stop();
    expect(checks).toBeGreaterThanOrEqual(4);
  });
});
