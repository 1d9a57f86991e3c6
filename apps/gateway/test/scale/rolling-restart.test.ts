import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { polledOrders } from '../realtime/harness.js';
import { type LiveUser, type OrdersState, startLiveUser } from './live-user.js';
import { type Nginx, startNginx } from './nginx.js';
import {
  fakeWebDist,
  type Replica,
  type ReplicaStack,
  STACK_START_MS,
  startReplica,
  startReplicaStack,
} from './replicas.js';

const USERS = 3;
/** Pace of each user's queries and of the order changes: steady traffic, not a load test. */
const QUERY_EVERY_MS = 50;
const CHANGE_EVERY_MS = 250;
/** The default SHUTDOWN_GRACE_MS: each replica must drain and exit within it. */
const GRACE_MS = 10_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until<T>(
  what: string,
  probe: () => T | undefined | false | Promise<T | undefined | false>,
  ms: number,
) {
  const end = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await sleep(50);
  }
}

/** Two list states hold the same rows and list-level fields, in the same order. */
const same = (a: OrdersState | null, b: OrdersState | null) => JSON.stringify(a) === JSON.stringify(b);

// Bounds only: two replicas start again during the test, each within the stack's start limit.
describe('rolling restart of two replicas behind nginx', { timeout: 2 * STACK_START_MS }, () => {
  let stack: ReplicaStack;
  let nginx: Nginx;
  let web: Awaited<ReturnType<typeof fakeWebDist>>;
  /** What a restarted replica is started with: what the stack gave the first ones. */
  let env: Record<string, string>;
  const users: LiveUser[] = [];
  const tokens: string[] = [];

  beforeAll(async () => {
    web = await fakeWebDist();
    // nginx on loopback names the client in X-Forwarded-For; a quick poll keeps the test short.
    const common = { TRUST_PROXY: '127.0.0.1', CHANGE_POLL_MS: '200', WEB_DIST: web.dir };
    stack = await startReplicaStack({ names: ['a', 'b'], env: common });
    env = { ...common, BACKEND_URL: stack.sim.url, REDIS_URL: stack.redis.url };
    nginx = await startNginx(stack.replicas.map((r) => Number(new URL(r.url).port)));
  }, STACK_START_MS);

  afterAll(async () => {
    for (const user of users) user.close();
    await nginx?.stop();
    await stack?.close();
    await web?.remove();
  });

  it('gives users no 5xx and no sign-out, and resumes every live list exactly once', async () => {
    // Users sign in through the balancer (sessions live in Redis) and open their live list.
    for (let i = 0; i < USERS; i++) {
      const res = await fetch(`${nginx.url}/trpc/auth.passwordLogin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'ops@example.com', password: 'waybill-demo', bearer: true }),
      });
      expect(res.status).toBe(200);
      const { token } = ((await res.json()) as { result: { data: { token: string } } }).result.data;
      tokens.push(token);
      users.push(startLiveUser(nginx.url, token));
    }
    await until('every user has the list', () => users.every((u) => u.state !== null), 30_000);
    const watched = polledOrders(users[0]!.state!.rows).slice(0, 5);
    expect(watched.length).toBeGreaterThan(0);

    // Traffic for the whole restart: queries from every user, and order changes the lists must follow.
    let running = true;
    const queries = users.map(async (user) => {
      for (let i = 0; running && i < 20_000; i++) {
        await (i % 4 === 3 ? user.mutate() : user.query());
        await sleep(QUERY_EVERY_MS);
      }
    });
    let lastChange: { uid: string; updatedAt: string } | null = null;
    const changes = (async () => {
      for (let i = 0; running && i < 2_000; i++) {
        const order = stack.sim.control.changeOrder(watched[i % watched.length]!.uid);
        lastChange = { uid: order.uid, updatedAt: order.updated_at };
        await sleep(CHANGE_EVERY_MS);
      }
    })();

    // One replica at a time: SIGTERM, wait for its exit, start it again on its port, and wait until
    // nginx sends it requests again (after a refused connection nginx skips it for fail_timeout).
    for (const index of [0, 1]) {
      const replica = stack.replicas[index]!;
      const port = Number(new URL(replica.url).port);
      const signalledAt = Date.now();
      replica.child.kill('SIGTERM');
      const exit = await replica.exited;
      expect(exit.code, replica.output()).toBe(0);
      expect(Date.now() - signalledAt, replica.output()).toBeLessThan(GRACE_MS);
      const logged = (await nginx.accessLog()).length;
      const again: Replica = await startReplica(replica.name, env, port);
      stack.replicas[index] = again;
      await until(
        `nginx sending requests to ${replica.name} again`,
        async () =>
          (await nginx.accessLog())
            .slice(logged)
            .some((l) => l.status === 200 && l.upstreams.at(-1) === `127.0.0.1:${port}`),
        60_000,
      );
    }
    running = false;
    await Promise.all([...queries, changes]);

    // Every list follows the last change, then equals what a new subscriber gets.
    const last = lastChange as { uid: string; updatedAt: string } | null;
    if (last) {
      await until(
        'every list has the last change',
        () =>
          users.every((u) => {
            const row = u.state?.rows.find((r) => r.uid === last.uid);
            return !row || row.updated_at >= last.updatedAt;
          }),
        30_000,
      );
    }
    const fresh = users.length;
    const newcomer = startLiveUser(nginx.url, tokens[0]!);
    users.push(newcomer);
    await until(
      'every list equal to a fresh one',
      () => newcomer.state && users.slice(0, fresh).every((u) => same(u.state, newcomer.state)),
      30_000,
    );

    const summary = JSON.stringify(
      users.map((u) => ({
        opens: u.opens,
        snapshots: u.snapshots,
        messages: u.ids.length,
        queries: u.queries,
        mutations: u.mutations,
        serverErrors: u.serverErrors.slice(0, 5),
        signOuts: u.signOuts.slice(0, 5),
        otherErrors: u.otherErrors.slice(0, 5),
      })),
    );
    for (const user of users.slice(0, fresh)) {
      expect(user.serverErrors, summary).toEqual([]);
      expect(user.signOuts, summary).toEqual([]);
      expect(user.otherErrors, summary).toEqual([]);
      expect(user.duplicates, `${summary}\n${user.events.join('\n')}`).toEqual([]);
      // Every user was on a restarted replica at least once, and each move resumed its list once: at
      // most one snapshot per socket (a socket a draining replica closes before it answers gets none).
      expect(user.opens, summary).toBeGreaterThanOrEqual(2);
      expect(user.snapshots, summary).toBeGreaterThanOrEqual(2);
      expect(user.snapshots, summary).toBeLessThanOrEqual(user.opens);
      expect(user.queries, summary).toBeGreaterThan(0);
    }
    const errors = (await nginx.accessLog()).filter((l) => l.status >= 500);
    expect(errors, summary).toEqual([]);
  });
});
