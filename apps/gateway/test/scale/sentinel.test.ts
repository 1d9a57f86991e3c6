import { TRPCClientError } from '@trpc/client';
import { startSim } from '@waybill/backend-sim';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpClient } from '../helpers.js';
import { polledOrders, type RunningSim } from '../realtime/harness.js';
import { type RedisServer, startRedis } from './redis-server.js';
import {
  fakeWebDist,
  REPLICA_SERVICE_TOKEN,
  type Replica,
  STACK_START_MS,
  startReplica,
  stopReplica,
} from './replicas.js';
import { type Sentinels, startSentinels } from './sentinel.js';
import { publishedCount, totalPolls, until, type WatchedOrder, watchOrder } from './watch-order.js';

const DEMO = { email: 'ops@example.com', password: 'waybill-demo' };

describe('Redis Sentinel failover under two replicas', { timeout: 180_000 }, () => {
  let primary: RedisServer;
  let standby: RedisServer;
  let sentinels: Sentinels;
  let sim: RunningSim;
  let web: Awaited<ReturnType<typeof fakeWebDist>>;
  const replicas: Replica[] = [];
  const watched: WatchedOrder[] = [];

  beforeAll(async () => {
    primary = await startRedis();
    standby = await startRedis({ replicaOf: primary.port });
    const check = standby.connect();
    await until('the replica in sync', async () =>
      (await check.info('replication')).includes('master_link_status:up'),
    );
    sentinels = await startSentinels({ primaryPort: primary.port, count: 3 });
    sim = await startSim({ port: 0, tickMs: 0, control: true, serviceToken: REPLICA_SERVICE_TOKEN });
    web = await fakeWebDist();
    // Through the Sentinels only: no REDIS_URL.
    const env = {
      BACKEND_URL: sim.url,
      WEB_DIST: web.dir,
      REDIS_SENTINELS: sentinels.addresses,
      REDIS_MASTER_NAME: sentinels.masterName,
    };
    const started = await Promise.allSettled(['a', 'b'].map((name) => startReplica(name, env)));
    for (const r of started) if (r.status === 'fulfilled') replicas.push(r.value);
    const failed = started.find((r) => r.status === 'rejected');
    if (failed) throw failed.reason;
  }, STACK_START_MS);

  afterAll(async () => {
    for (const w of watched) w.stop();
    await Promise.all(replicas.map(stopReplica));
    await sentinels?.stop();
    await sim?.close();
    await web?.remove();
    await standby?.stop();
    await primary?.stop();
  });

  /** users.me with the session: true once it answers, false while Redis is switching; a sign-out fails. */
  const sessionWorks = async (url: string, token: string) => {
    try {
      await httpClient(url, token).users.me.query();
      return true;
    } catch (error) {
      if (error instanceof TRPCClientError && error.data?.code === 'UNAUTHORIZED')
        throw new Error(`signed out on ${url}: ${error.message}`);
      return false;
    }
  };

  it('carries on after the primary is SIGKILLed: the session, the poll and live changes', async () => {
    try {
      await failover();
    } catch (error) {
      // The gateways' own account of the failover, for whoever reads the failure.
      const logs = replicas.map((r) => `--- ${r.name}\n${r.output().split('\n').slice(-40).join('\n')}`);
      throw new Error(`${(error as Error).message}\n${logs.join('\n')}`);
    }
  });

  async function failover() {
    const [a, b] = replicas as [Replica, Replica];
    const { token } = (await httpClient(a.url).auth.passwordLogin.mutate({
      ...DEMO,
      bearer: true,
    } as never)) as { token: string };
    const replicaView: Redis = standby.connect();
    // Written to the primary, and copied to the replica before the primary dies.
    await until(
      'the session on the replica',
      async () => (await replicaView.keys('waybill:session:*')).length > 0,
    );
    const [order] = polledOrders((await httpClient(b.url, token).orders.search.query({})).orders);
    if (!order) throw new Error('the sim has no polled orders');
    watched.push(watchOrder(b, token, order));
    await until('the snapshot', () => watched[0]!.state !== null);

    await primary.stop();
    await until(
      'the Sentinels promoted the replica',
      async () => (await sentinels.primaryPort()) === standby.port,
      60_000,
    );

    // The session still works on both replicas, from the promoted server.
    await until('the session on a', () => sessionWorks(a.url, token), 60_000);
    await until('the session on b', () => sessionWorks(b.url, token), 60_000);
    // The poll has a leader again, polling on the promoted server.
    const okAfter = await totalPolls(replicas, 'ok');
    await until(
      'a poll after the failover',
      async () => (await totalPolls(replicas, 'ok')) > okAfter,
      60_000,
    );
    const lease = await replicaView.get('waybill:poll:lease');
    const epoch = lease?.split('|').at(-1);
    const tookIt = (r: Replica) =>
      r
        .output()
        .split('\n')
        .some((line) => line.includes('took the change-poll lease') && line.includes(`"epoch":${epoch},`));
    expect(replicas.some(tookIt), `lease ${lease}`).toBe(true);

    // The list is live again, and a change made at the backend reaches the subscriber through the
    // poll, published once.
    const [w] = watched as [WatchedOrder];
    await until('the list live again', () => w.health.at(-1) !== true, 60_000);
    const changed = sim.control.changeOrder(order.uid);
    await until('the change on the subscriber', () => w.arrivals.includes(changed.updated_at), 60_000);
    await until(
      'the change on the stream',
      async () => (await publishedCount(replicaView, order.uid, changed.updated_at)) > 0,
    );
    const okAtArrival = await totalPolls(replicas, 'ok');
    await until('two more polls', async () => (await totalPolls(replicas, 'ok')) >= okAtArrival + 2);
    expect(await publishedCount(replicaView, order.uid, changed.updated_at)).toBe(1);
    expect(w.arrivals.filter((at) => at === changed.updated_at)).toHaveLength(1);
    expect(w.errors).toEqual([]);
  }
});
