import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PerUserLock } from '../../src/scale/per-user-lock.js';
import { createRedisConnection } from '../../src/scale/redis-connection.js';
import { isRedisUnavailable } from '../../src/scale/redis-unavailable.js';
import { eventually } from '../realtime/harness.js';
import { type RedisServer, startRedis } from './redis-server.js';

const silent = { warn() {} };

/** A promise the test resolves when it decides. */
function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

describe('the per-user lock over replicas on one Redis (real redis-server)', { timeout: 20_000 }, () => {
  let redis: RedisServer;
  let probe: Redis;
  const connections: Redis[] = [];
  /** Two replicas' locks: the same Redis, each its own connection. */
  const replica = (ttlMs?: number) => {
    const client = createRedisConnection({ url: redis.url, role: 'user-locks', logger: silent });
    connections.push(client);
    return new PerUserLock({ redis: { client, keyPrefix: 'test:' }, ...(ttlMs ? { ttlMs } : {}) });
  };

  beforeAll(async () => {
    redis = await startRedis();
    probe = redis.connect();
  });

  afterAll(async () => {
    for (const client of connections) client.disconnect();
    await redis?.stop();
  });

  it("never runs one user's sections of one kind at once on two replicas; another user's do not wait", async () => {
    const [a, b] = [replica(), replica()];
    let inside = 0;
    let most = 0;
    const section = async () => {
      inside += 1;
      most = Math.max(most, inside);
      // Round trips to Redis: time for the other replica to enter, were it let in.
      for (let i = 0; i < 3; i++) await probe.ping();
      inside -= 1;
    };
    await Promise.all(
      Array.from({ length: 8 }, (_, i) => (i % 2 === 0 ? a : b).run('views', 'usr_1', section)),
    );
    expect(most).toBe(1);

    const held = gate();
    const holding = a.run('views', 'usr_1', () => held.opened);
    expect(await b.run('views', 'usr_2', async () => 'ran')).toBe('ran');
    expect(await b.run('holds', 'usr_1', async () => 'ran')).toBe('ran');
    held.open();
    await holding;
  });

  it('a section longer than the lock lifetime keeps it: the other replica waits for its end', async () => {
    const [a, b] = [replica(150), replica(150)];
    const held = gate();
    let entered = false;
    const holding = a.run('exports', 'usr_1', async () => {
      entered = true;
      await held.opened;
    });
    await eventually('a holds the lock', () => entered);
    let bRan = false;
    const waiting = b.run('exports', 'usr_1', async () => {
      bRan = true;
    });
    // Renewed every third of its lifetime: after six renewals, twice the lifetime has passed.
    let renewals = 0;
    let last = await probe.pttl('test:user-lock:exports:usr_1');
    while (renewals < 6) {
      const now = await probe.pttl('test:user-lock:exports:usr_1');
      expect(now).toBeGreaterThan(0);
      if (now > last) renewals += 1;
      last = now;
    }
    expect(bRan).toBe(false);
    held.open();
    await holding;
    await waiting;
    expect(bRan).toBe(true);
  });

  it('a lock left by a replica that died holds only for its lifetime', async () => {
    await probe.set('test:user-lock:bulk-jobs:usr_1', 'a replica gone', 'PX', 200);
    const started = Date.now();
    expect(await replica().run('bulk-jobs', 'usr_1', async () => 'ran')).toBe('ran');
    expect(Date.now() - started).toBeGreaterThanOrEqual(150);
  });

  it('a Redis that does not answer fails the step as Redis being unreachable (a 503), never a hang', async () => {
    const frozen = await startRedis();
    try {
      const client = createRedisConnection({ url: frozen.url, role: 'user-locks', logger: silent });
      connections.push(client);
      const lock = new PerUserLock({ redis: { client, keyPrefix: 'test:' } });
      frozen.freeze();
      let ran = false;
      const failure = await lock
        .run('holds', 'usr_1', async () => {
          ran = true;
        })
        .catch((error: unknown) => error);
      expect(isRedisUnavailable(failure)).toBe(true);
      expect(ran).toBe(false);
    } finally {
      frozen.thaw();
      await frozen.stop();
    }
  });
});
