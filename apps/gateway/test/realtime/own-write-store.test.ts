import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MemoryOwnWriteStore,
  OWN_WRITE_TTL_MS,
  type OwnWriteRecord,
  type OwnWriteStore,
  RedisOwnWriteStore,
} from '../../src/realtime/own-write-store.js';
import { redisKeys } from '../../src/scale/redis-keys.js';
import { type RedisServer, startRedis } from '../scale/redis-server.js';

const write = (byUid: string, updatedAt: string, uid = 'ord_1'): OwnWriteRecord => ({
  uid,
  by: byUid.toUpperCase(),
  byUid,
  what: { kind: 'comment' },
  at: Date.now(),
  updatedAt,
});

/** The rules both stores keep: the newest write per entity, and each version's writer after later writes. */
function sharedRules(store: () => OwnWriteStore) {
  it('keeps who left each version of an order after a later write replaced it as the newest', async () => {
    await store().put(write('b', '2026-11-27T10:00:00.000Z'));
    await store().put(write('a', '2026-11-27T10:00:01.000Z'));
    expect((await store().get('ord_1'))?.byUid).toBe('a');
    expect((await store().getAt('ord_1', '2026-11-27T10:00:00.000Z'))?.byUid).toBe('b');
    expect((await store().getAt('ord_1', '2026-11-27T10:00:01.000Z'))?.byUid).toBe('a');
  });

  it('reads one instant written two ways as one version, and knows no version nobody wrote', async () => {
    await store().put(write('b', '2026-11-27T11:00:00Z', 'ord_2'));
    expect((await store().getAt('ord_2', '2026-11-27T11:00:00.000+00:00'))?.byUid).toBe('b');
    expect(await store().getAt('ord_2', '2026-11-27T11:00:05Z')).toBeNull();
    expect(await store().getAt('ord_unknown', '2026-11-27T11:00:00Z')).toBeNull();
  });
}

describe('own writes in memory', () => {
  let now = Date.now();
  let memory = new MemoryOwnWriteStore(10_000, () => now);
  sharedRules(() => memory);

  it('forgets a write after OWN_WRITE_TTL_MS, and the oldest versions past its capacity', async () => {
    now = Date.now();
    memory = new MemoryOwnWriteStore(2, () => now);
    await memory.put(write('a', '2026-11-27T12:00:00Z'));
    await memory.put(write('b', '2026-11-27T12:00:01Z'));
    await memory.put(write('c', '2026-11-27T12:00:02Z'));
    expect(await memory.getAt('ord_1', '2026-11-27T12:00:00Z')).toBeNull();
    expect((await memory.getAt('ord_1', '2026-11-27T12:00:01Z'))?.byUid).toBe('b');
    now += OWN_WRITE_TTL_MS;
    expect(await memory.get('ord_1')).toBeNull();
    expect(await memory.getAt('ord_1', '2026-11-27T12:00:02Z')).toBeNull();
  });
});

describe('own writes in Redis (real redis-server)', () => {
  let server: RedisServer;
  let redis: Redis;
  let store: RedisOwnWriteStore;
  beforeAll(async () => {
    server = await startRedis();
    redis = new Redis(server.url);
    store = new RedisOwnWriteStore(redis, redisKeys('test:').ownWrite);
  }, 30_000);
  afterAll(async () => {
    redis?.disconnect();
    await server?.stop();
  });
  sharedRules(() => store);

  it('gives both keys the write TTL, and reads a value that is no record as none', async () => {
    await store.put(write('a', '2026-11-27T13:00:00Z', 'ord_3'));
    const keys = redisKeys('test:');
    for (const key of [
      keys.ownWrite('ord_3'),
      keys.ownWrite(`ord_3@${Date.parse('2026-11-27T13:00:00Z')}`),
    ]) {
      const ttl = await redis.pttl(key);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(OWN_WRITE_TTL_MS);
    }
    await redis.set(keys.ownWrite('ord_4'), 'not json');
    expect(await store.get('ord_4')).toBeNull();
  });
});
