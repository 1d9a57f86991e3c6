import { startSim } from '@waybill/backend-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WS_SERVICE_RESTART } from '../../src/plugins/drain.js';
import { testDataDir } from '../data-dir.js';
import type { RunningSim } from '../realtime/harness.js';
import { type LiveUser, startLiveUser } from './live-user.js';
import { type RedisServer, startRedis } from './redis-server.js';
import { fakeWebDist, REPLICA_SERVICE_TOKEN, STACK_START_MS, startReplica } from './replicas.js';

/** A client reconnecting during the close is a race: stop several times. */
const RUNS = 5;
const SUBSCRIBERS = 4;
/** The default SHUTDOWN_GRACE_MS. */
const GRACE_MS = 10_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(what: string, probe: () => boolean, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (!probe()) {
    if (Date.now() > end) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await sleep(20);
  }
}

async function signIn(url: string): Promise<string> {
  const res = await fetch(`${url}/trpc/auth.passwordLogin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'ops@example.com', password: 'waybill-demo', bearer: true }),
  });
  return ((await res.json()) as { result: { data: { token: string } } }).result.data.token;
}

// Bounds only: a gateway starts for each stop, each within the stack's start limit.
describe('SIGTERM drain with subscribers reconnecting at once', {
  timeout: (RUNS + 1) * STACK_START_MS,
}, () => {
  let sim: RunningSim;
  let redis: RedisServer;
  let web: Awaited<ReturnType<typeof fakeWebDist>>;

  beforeAll(async () => {
    sim = await startSim({ port: 0, tickMs: 0, control: true, serviceToken: REPLICA_SERVICE_TOKEN });
    redis = await startRedis();
    web = await fakeWebDist();
  }, 60_000);
  afterAll(async () => {
    await sim?.close();
    await redis?.stop();
    await web?.remove();
  });

  /** A gateway process: single replica (DATA_DIR) or on Redis. */
  async function gateway(name: string, onRedis: boolean, env: Record<string, string> = {}) {
    const data = testDataDir(undefined);
    const replica = await startReplica(name, {
      BACKEND_URL: sim.url,
      WEB_DIST: web.dir,
      ...(onRedis ? { REDIS_URL: redis.url } : { DATA_DIR: data.dir }),
      ...env,
    });
    return { replica, remove: () => data.remove() };
  }

  it(`exits 0 within SHUTDOWN_GRACE_MS, websocket clients told to reconnect, ${RUNS} times`, async () => {
    for (let run = 0; run < RUNS; run++) {
      const onRedis = run % 2 === 1;
      const { replica, remove } = await gateway(`drain-${run}`, onRedis);
      const users: LiveUser[] = [];
      try {
        const token = await signIn(replica.url);
        // Each reconnects as soon as its socket closes, as the console does: during the drain.
        for (let i = 0; i < SUBSCRIBERS; i++) users.push(startLiveUser(replica.url, token));
        await until('every list', () => users.every((u) => u.state !== null), 30_000);

        const signalledAt = Date.now();
        replica.child.kill('SIGTERM');
        const exit = await replica.exited;
        const tookMs = Date.now() - signalledAt;
        const context = `run ${run} (${onRedis ? 'Redis' : 'single replica'}):\n${replica.output()}`;
        expect(exit.code, context).toBe(0);
        expect(tookMs, context).toBeLessThan(GRACE_MS);
        expect(replica.output(), context).toContain('connections drained');
        for (const user of users) expect(user.closeCodes, context).toContain(WS_SERVICE_RESTART);
      } finally {
        for (const user of users) user.close();
        if (replica.child.exitCode === null) replica.child.kill('SIGKILL');
        await remove();
      }
    }
  });

  it('exits 1 once SHUTDOWN_GRACE_MS is over, naming what was still open', async () => {
    const { replica, remove } = await gateway('drain-late', false, {
      SHUTDOWN_GRACE_MS: '1500',
      DRAIN_IDLE_CLOSE_MS: '500',
    });
    try {
      const token = await signIn(replica.url);
      // A backend call slower than the grace period keeps its request open.
      sim.control.setFault({ kind: 'slow', delayMs: 20_000, paths: ['/users/me'] });
      sim.control.resetCallCounts();
      const pending = fetch(`${replica.url}/trpc/users.me`, {
        headers: { authorization: `Bearer ${token}` },
      }).catch(() => null);
      await until('the request in flight', () => (sim.control.callCounts()['/users/me'] ?? 0) > 0, 10_000);

      replica.child.kill('SIGTERM');
      const exit = await replica.exited;
      await pending;
      expect(exit.code, replica.output()).toBe(1);
      const line = replica
        .output()
        .split('\n')
        .find((l) => l.includes('shutdown grace period over'));
      expect(line, replica.output()).toBeDefined();
      expect(JSON.parse(line!)).toMatchObject({
        graceMs: 1500,
        stage: 'draining connections',
        requests: ['GET /trpc/users.me'],
      });
    } finally {
      sim.control.setFault(null);
      if (replica.child.exitCode === null) replica.child.kill('SIGKILL');
      await remove();
    }
  });
});
