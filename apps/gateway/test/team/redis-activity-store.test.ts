import type { ActivityEntry } from '@waybill/contracts';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedisActivityStore } from '../../src/scale/redis-activity-store.js';
import { redisKeys } from '../../src/scale/redis-keys.js';
import { Activity, type ActivityRecord } from '../../src/team/activity.js';
import { type RedisServer, startRedis } from '../scale/redis-server.js';

const DAY = 86_400_000;
const warnings: string[] = [];
const logger = {
  info() {},
  warn: (_: object, message?: string) => warnings.push(message ?? ''),
  error() {},
  debug() {},
};

describe('the activity record in Redis: indexed reads and a daily share per person, over every replica', () => {
  let server: RedisServer;
  let prefix = 0;

  beforeAll(async () => {
    server = await startRedis();
  });
  afterAll(async () => {
    await server?.stop();
  });

  /** A replica's record on a prefix of its own (`shared` to join another's), with a count of what it reads. */
  function replica(opts: { maxEntries: number; shared?: string }) {
    const keys = redisKeys(opts.shared ?? `t${++prefix}:`);
    const redis = server.connect();
    const read = { lines: 0 };
    const reads = redis as unknown as Record<string, (...args: unknown[]) => Promise<string[]>>;
    for (const name of ['zrevrangebyscore', 'zrevrangebylex', 'zrangebyscore', 'zrange']) {
      const original = (reads[name] as (...args: unknown[]) => Promise<string[]>).bind(redis);
      reads[name] = async (...args: unknown[]) => {
        const lines = await original(...args);
        read.lines += lines.length;
        return lines;
      };
    }
    const keepMs = 30 * DAY;
    const store = new RedisActivityStore({
      redis,
      subscriber: server.connect(),
      keys,
      logger,
      keepMs,
      maxEntries: opts.maxEntries,
    });
    const activity = new Activity({ store, keepDays: 30, maxEntries: opts.maxEntries, logger });
    return { keys, redis: redis as Redis, store, activity, read };
  }

  const comments = (n: number, orderUid = 'ord_1'): ActivityRecord[] =>
    Array.from({ length: n }, () => ({ orderUid, action: 'comment' as const, excerpt: 'x' }));

  it('a filter matching nothing reads nothing, one matching a few reads only those, and none reads past the count cap', async () => {
    const { activity, read } = replica({ maxEntries: 100_000 });
    for (let i = 0; i < 6; i++) await activity.record({ uid: `usr_${i}`, name: `P${i}` }, comments(500));
    await activity.record({ uid: 'usr_2', name: 'P2' }, [
      { orderUid: 'ord_9', action: 'reissue', detail: '2 parcels' },
    ]);

    read.lines = 0;
    expect((await activity.list({ userId: 'usr_nobody' })).entries).toEqual([]);
    expect((await activity.list({ actions: ['escalation', 'snooze'] })).entries).toEqual([]);
    // Only the record's oldest entry and its score, once per read.
    expect(read.lines).toBe(4);

    read.lines = 0;
    const reissues = (await activity.list({ actions: ['reissue'] })).entries;
    expect(reissues.map((e) => [e.actor.uid, e.orderUid])).toEqual([['usr_2', 'ord_9']]);
    // The entry, and the record's oldest entry with its score (how far back an index may be read).
    expect(read.lines).toBeLessThanOrEqual(3);

    // One person's pages follow each other in id order, with no gap or repeat, reading a page or so each.
    read.lines = 0;
    const ids: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await activity.list({ userId: 'usr_4', ...(cursor ? { cursor } : {}) });
      ids.push(...page.entries.map((e) => e.id));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(ids).toHaveLength(500);
    expect([...ids].sort().reverse()).toEqual(ids);
    expect(read.lines).toBeLessThan(500 + 11 * 2 + 10);

    // What the record's count cap dropped is gone from the indexes' answers too.
    const small = replica({ maxEntries: 100 });
    for (let i = 0; i < 12; i++)
      await small.activity.record({ uid: `usr_${i}`, name: `P${i}` }, comments(10));
    expect((await small.activity.list({ userId: 'usr_0' })).entries).toEqual([]);
    expect((await small.activity.list({ userId: 'usr_11' })).entries).toHaveLength(10);
  });

  it('entries recorded before the indexes existed are indexed when a replica starts', async () => {
    const keys = redisKeys(`t${++prefix}:`);
    const at = Date.now() - 1000;
    const entry: ActivityEntry = {
      id: `${String(at).padStart(13, '0')}-000000001-abcdef`,
      orderUid: 'ord_1',
      reference: null,
      action: 'snooze',
      detail: '24 h',
      actor: { uid: 'usr_old', name: 'Old Hand' },
      at: new Date(at).toISOString(),
    };
    await server.connect().zadd(keys.activity, at, JSON.stringify(entry));
    const { activity, store } = replica({ maxEntries: 1000, shared: `t${prefix}:` });
    await store.whenIndexed();
    expect((await activity.list({ userId: 'usr_old' })).entries).toEqual([entry]);
    expect((await activity.list({ actions: ['snooze'] })).entries).toEqual([entry]);
  });

  it('one person adds at most a tenth of ACTIVITY_MAX_ENTRIES a day over all replicas, warned once', async () => {
    const one = replica({ maxEntries: 100 });
    const two = replica({ maxEntries: 100, shared: `t${prefix}:` });
    warnings.length = 0;
    const person = { uid: 'usr_busy', name: 'Busy' };
    await one.activity.record(person, comments(6));
    await two.activity.record(person, comments(6));
    await one.activity.record(person, comments(3));
    expect((await two.activity.list({ userId: 'usr_busy' })).entries).toHaveLength(10);
    expect(warnings.filter((w) => w.includes('until midnight UTC'))).toHaveLength(1);
    await one.activity.record({ uid: 'usr_calm', name: 'Calm' }, comments(1));
    expect((await one.activity.list({ userId: 'usr_calm' })).entries).toHaveLength(1);
  });
});
