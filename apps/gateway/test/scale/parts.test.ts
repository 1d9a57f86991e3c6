import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ExportJobState } from '../../src/realtime/export-jobs.js';
import {
  compareStreamIds,
  LeaseLostError,
  RedisChangeEventLog,
  RedisExportStore,
  RedisPollLease,
  redisKeys,
} from '../../src/scale/index.js';
import { type RedisServer, startRedis } from './redis-server.js';

const silent = { info() {}, warn() {}, error() {}, debug() {} };

async function eventually<T>(what: string, probe: () => T | undefined | false, ms = 5000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = probe();
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const order = (uid: string, updatedAt: string) =>
  ({ uid, updated_at: updatedAt }) as unknown as import('@waybill/contracts').Order;

describe('Redis building blocks of multi-replica mode', () => {
  let server: RedisServer;
  const connect = () => server.connect({ maxRetriesPerRequest: 1 });
  let n = 0;
  const freshKeys = () => redisKeys(`t${++n}:`);

  beforeAll(async () => {
    server = await startRedis();
  });
  afterAll(async () => {
    await server.stop();
  });

  it('compares stream ids numerically, beyond 2^53', () => {
    expect(compareStreamIds('9-0', '10-0')).toBeLessThan(0);
    expect(compareStreamIds('10-2', '10-10')).toBeLessThan(0);
    expect(compareStreamIds('10-10', '10-10')).toBe(0);
    expect(compareStreamIds('18446744073709551615-1', '18446744073709551614-9')).toBeGreaterThan(0);
    expect(() => compareStreamIds('abc', '1-0')).toThrow(/not a stream id/);
  });

  it('gives the lease to one replica, with a new fencing epoch for each holder', async () => {
    const keys = freshKeys();
    const redis = connect();
    const a = new RedisPollLease({ redis, keys, logger: silent, ttlMs: 60_000, replicaId: 'a' });
    const b = new RedisPollLease({ redis, keys, logger: silent, ttlMs: 60_000, replicaId: 'b' });
    expect(await a.holds()).toBe(true);
    expect(await b.holds()).toBe(false);
    expect(await a.holds()).toBe(true);
    const firstEpoch = a.currentEpoch();
    await a.writeCursor(1234);
    expect(await b.readCursor()).toBe(1234);
    await a.release();
    expect(await a.holds()).toBe(false);
    expect(await b.holds()).toBe(true);
    expect(b.currentEpoch()).toBeGreaterThan(firstEpoch);
    // The cursor survives the hand-over: the new leader continues the window.
    expect(await b.readCursor()).toBe(1234);
    await b.release();
  });

  it('fences a leader whose lease expired and moved on', async () => {
    const keys = freshKeys();
    const redis = connect();
    const a = new RedisPollLease({ redis, keys, logger: silent, ttlMs: 60_000, replicaId: 'a' });
    const b = new RedisPollLease({ redis, keys, logger: silent, ttlMs: 60_000, replicaId: 'b' });
    expect(await a.holds()).toBe(true);
    // As if a's process stalled past its TTL.
    await redis.del(keys.lease);
    expect(await b.holds()).toBe(true);
    await expect(a.writeCursor(99)).rejects.toBeInstanceOf(LeaseLostError);
    expect(await b.readCursor()).toBeNull();
    const log = new RedisChangeEventLog({
      redis,
      reader: connect(),
      keys,
      logger: silent,
      fence: () => `a|1`,
    });
    await expect(log.append([order('o1', '2026-01-01T00:00:00Z')], 1)).rejects.toThrow(/lease/);
    await log.close();
    await a.release();
    await b.release();
  });

  it('a lease that is not renewed expires, and another replica takes it', async () => {
    const keys = freshKeys();
    const redis = connect();
    const a = new RedisPollLease({ redis, keys, logger: silent, ttlMs: 300, replicaId: 'a' });
    expect(await a.holds()).toBe(true);
    // Simulate a crash: stop a's renewals without releasing.
    (a as unknown as { timer: NodeJS.Timeout }).timer.close();
    const b = new RedisPollLease({ redis, keys, logger: silent, ttlMs: 300, replicaId: 'b' });
    await vi.waitFor(async () => expect(await b.holds()).toBe(true), { timeout: 10_000, interval: 50 });
    await b.release();
  });

  it('fans change events out to every replica, in order, and replays them with since()', async () => {
    const keys = freshKeys();
    const writer = connect();
    const lease = new RedisPollLease({ redis: writer, keys, logger: silent, ttlMs: 60_000 });
    expect(await lease.holds()).toBe(true);
    const readerNames = [0, 1, 2].map((i) => `fan-out-reader-${i}`);
    const logs = readerNames.map(
      (connectionName) =>
        new RedisChangeEventLog({
          redis: connect(),
          reader: server.connect({ maxRetriesPerRequest: 1, connectionName }),
          keys,
          logger: silent,
          fence: () => lease.fencingToken(),
          blockMs: 200,
        }),
    );
    const seen = logs.map(() => [] as string[]);
    for (const [i, log] of logs.entries()) {
      log.subscribe((e) => seen[i]!.push(`${e.id}:${e.orders[0]!.uid}`));
    }
    // Every reader blocks on the stream first (its starting point taken before anything is appended).
    const admin = connect();
    await vi.waitFor(
      async () => {
        const clients = String(await admin.call('CLIENT', 'LIST'));
        for (const name of readerNames) expect(clients).toMatch(new RegExp(`name=${name} .*cmd=xread`));
      },
      { timeout: 10_000, interval: 20 },
    );
    const first = await logs[0]!.append([order('o1', '2026-01-01T00:00:00Z')], 1);
    const second = await logs[0]!.append([order('o2', '2026-01-01T00:00:01Z')], 2);
    expect(compareStreamIds(first.id, second.id)).toBeLessThan(0);
    const expected = [`${first.id}:o1`, `${second.id}:o2`];
    await eventually('all three replicas see both events', () => seen.every((s) => s.length === 2));
    for (const s of seen) expect(s).toEqual(expected);
    expect(logs[2]!.latestId()).toBe(second.id);

    const replay = await logs[1]!.since(first.id);
    expect(replay?.map((e) => e.id)).toEqual([second.id]);
    expect(replay?.[0]?.orders[0]?.uid).toBe('o2');
    expect(await logs[1]!.since(second.id)).toEqual([]);
    // Unknown or malformed ids cannot be resumed: the caller resynchronises.
    expect(await logs[1]!.since('1-0')).toBeNull();
    expect(await logs[1]!.since('not-an-id')).toBeNull();
    for (const log of logs) await log.close();
    await lease.release();
  });

  it('reports trimmed history as null', async () => {
    const keys = freshKeys();
    const redis = connect();
    const log = new RedisChangeEventLog({ redis, reader: connect(), keys, logger: silent, capacity: 5 });
    const first = await log.append([order('o0', '2026-01-01T00:00:00Z')], 0);
    for (let i = 1; i < 400; i++) await log.append([order(`o${i}`, '2026-01-01T00:00:00Z')], i);
    expect(await redis.xlen(keys.changes)).toBeLessThan(400);
    expect(await log.since(first.id)).toBeNull();
    await log.close();
  });

  it('shares export job state and progress between replicas', async () => {
    const keys = freshKeys();
    const a = new RedisExportStore({ redis: connect(), subscriber: connect(), keys, logger: silent });
    const b = new RedisExportStore({ redis: connect(), subscriber: connect(), keys, logger: silent });
    await Promise.all([a.whenReady(), b.whenReady()]);
    const heard: ExportJobState[] = [];
    b.subscribe((s) => heard.push(s));
    const state: ExportJobState = {
      jobId: 'exp_1',
      inboundUid: 'in_1',
      inboundName: 'IR-1',
      status: 'running',
      progress: 10,
      checks: 0,
      error: null,
      failure: null,
      startedAt: 1,
      downloadPath: null,
      updatedAt: 1,
    };
    await a.put({ state, reportUid: 'rep_1', backendFile: null }, 60_000);
    expect((await b.get('exp_1'))?.state.progress).toBe(10);
    expect((await b.runningFor('in_1'))?.state.jobId).toBe('exp_1');
    const done = {
      ...state,
      status: 'done' as const,
      progress: 100,
      downloadPath: '/exports/exp_1/download',
    };
    await a.put({ state: done, reportUid: 'rep_1', backendFile: '/files/x.xlsx' }, 60_000);
    expect(await b.runningFor('in_1')).toBeNull();
    expect(await b.get('exp_1')).toEqual({ state: done, reportUid: 'rep_1', backendFile: '/files/x.xlsx' });
    await eventually('b hears both updates', () => heard.length === 2);
    expect(heard.map((s) => s.progress)).toEqual([10, 100]);
    expect(await b.get('missing')).toBeNull();
    a.close();
    b.close();
  });

  it("keeps each user's export jobs, newest first, the newest 20 only, apart from other users'", async () => {
    const keys = freshKeys();
    const a = new RedisExportStore({ redis: connect(), subscriber: connect(), keys, logger: silent });
    const b = new RedisExportStore({ redis: connect(), subscriber: connect(), keys, logger: silent });
    for (let i = 0; i < 25; i++) {
      await a.addOwner('usr_a', `exp_${i}`, 60_000);
      // Distinct scores: the set is ordered by the time the user started or joined.
      await new Promise((r) => setTimeout(r, 2));
    }
    await b.addOwner('usr_b', 'exp_b', 60_000);
    const listed = await b.jobsOf('usr_a', 20);
    expect(listed).toEqual(Array.from({ length: 20 }, (_, i) => `exp_${24 - i}`));
    expect(await a.jobsOf('usr_b', 20)).toEqual(['exp_b']);
    expect(await a.jobsOf('usr_nobody', 20)).toEqual([]);
    // Joining again moves the job to the front instead of listing it twice.
    await a.addOwner('usr_a', 'exp_10', 60_000);
    expect((await a.jobsOf('usr_a', 20)).slice(0, 2)).toEqual(['exp_10', 'exp_24']);
    expect(await connect().pttl(keys.exportsOfUser('usr_a'))).toBeGreaterThan(0);
    a.close();
    b.close();
  });
});
