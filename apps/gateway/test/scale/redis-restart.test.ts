import { CHANGE_WINDOW_OVERLAP_MS } from '@waybill/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, polledOrders } from '../realtime/harness.js';
import { type RedisServer, startRedis } from './redis-server.js';
import { type ReplicaStack, STACK_START_MS, startReplicaStack } from './replicas.js';
import {
  backendToken,
  publishedCount,
  totalPolls,
  until,
  type WatchedOrder,
  watchOrder,
} from './watch-order.js';

describe('Redis restarted empty under two replicas', { timeout: 180_000 }, () => {
  let stack: ReplicaStack;
  let restarted: RedisServer | undefined;
  const watched: WatchedOrder[] = [];

  beforeAll(async () => {
    stack = await startReplicaStack({ names: ['a', 'b'] });
  }, STACK_START_MS);
  afterAll(async () => {
    for (const w of watched) w.stop();
    await stack?.close();
    await restarted?.stop();
  });

  it('pauses live lists on both replicas meanwhile, then delivers the change made meanwhile exactly once', async () => {
    const token = await backendToken(stack.sim.url);
    const { client, close } = createClient(stack.replicas[0]!.url, token);
    const [order] = polledOrders((await client.orders.search.query({})).orders);
    close();
    if (!order) throw new Error('the sim has no polled orders');
    watched.push(...stack.replicas.map((r) => watchOrder(r, token, order)));
    await until('both snapshots', () => watched.every((w) => w.state !== null));

    // A deployment that has run a while: its leader's epoch is past 1 (a Redis that comes back empty
    // counts from 1 again, so every replica starts a new tenure).
    const before = stack.redis.connect();
    await before.set('waybill:poll:epoch', '41');
    await before.del('waybill:poll:lease');
    await until(
      'a leader under epoch 42',
      async () => (await before.get('waybill:poll:lease'))?.endsWith('|42') === true,
    );
    const okBefore = await totalPolls(stack.replicas, 'ok');
    await until('a poll under epoch 42', async () => (await totalPolls(stack.replicas, 'ok')) > okBefore);

    // The backend's /changes fails from here: once a poll has failed, the cursor stays where it is.
    stack.sim.control.setFault({ kind: 'down', paths: ['/changes'] });
    const errorsBefore = await totalPolls(stack.replicas, 'error');
    await until('a failed poll', async () => (await totalPolls(stack.replicas, 'error')) > errorsBefore);
    const cursor = Number(await before.get('waybill:poll:cursor'));
    expect(cursor).toBeGreaterThan(0);

    await stack.redis.stop();
    stack.sim.control.setFault(null);
    // Both replicas' lists say live updates are paused: the leader cannot take its lease, the
    // follower cannot read the cursor.
    await until('paused on both replicas', () => watched.every((w) => w.health.at(-1) === true));

    // Made while Redis is away, and stamped where an outage longer than the windows' 10 s overlap
    // leaves a change: before the start of a window anchored on the restart (which comes at least
    // 1.5 s after the last poll, as the pause says), within one anchored on the kept cursor.
    const changed = stack.sim.control.changeOrder(order.uid, {
      updated_at: new Date(cursor - CHANGE_WINDOW_OVERLAP_MS + 500).toISOString(),
    });
    restarted = await startRedis({ port: stack.redis.port });
    const after = restarted.connect();

    await until('the change on both replicas', () =>
      watched.every((w) => w.arrivals.includes(changed.updated_at)),
    );
    await until('live again on both replicas', () => watched.every((w) => w.health.at(-1) === false));
    // Published by the poll, and once: two more polls would have published it again.
    const okAtArrival = await totalPolls(stack.replicas, 'ok');
    await until('two more polls', async () => (await totalPolls(stack.replicas, 'ok')) >= okAtArrival + 2);
    expect(await publishedCount(after, order.uid, changed.updated_at)).toBe(1);
    for (const w of watched) {
      expect(w.arrivals.filter((a) => a === changed.updated_at)).toHaveLength(1);
      expect(w.errors).toEqual([]);
    }
  });
});
