import type { ActivityEntry } from '@waybill/contracts';
import type { Redis } from 'ioredis';
import type { RealtimeLogger } from '../realtime/types.js';
import { type ActivityStore, entryTime, parseEntry } from '../team/activity-store.js';
import type { RedisKeys } from './redis-keys.js';

/** Entries read per round trip while a filtered page is looked for. */
const CHUNK = 500;

/**
 * The activity record in Redis: one sorted set of entries (JSON, scored by time), one per order for its
 * History, and a channel carrying each append to every replica's live subscribers.
 */
export class RedisActivityStore implements ActivityStore {
  private readonly listeners = new Set<(entries: ActivityEntry[]) => void>();

  constructor(
    private readonly opts: {
      redis: Redis;
      subscriber: Redis;
      keys: RedisKeys;
      logger: RealtimeLogger;
      keepMs: number;
    },
  ) {
    opts.subscriber.on('message', (channel: string, message: string) => {
      if (channel !== opts.keys.activityUpdates) return;
      const entries = (JSON.parse(message) as string[]).map(parseEntry).filter((e) => e !== null);
      for (const listener of this.listeners) listener(entries);
    });
    void opts.subscriber.subscribe(opts.keys.activityUpdates).catch((error: unknown) => {
      opts.logger.error({ err: (error as Error).message }, 'activity: subscribe failed');
    });
  }

  async append(entries: ActivityEntry[]): Promise<void> {
    if (entries.length === 0) return;
    const { redis, keys, keepMs } = this.opts;
    const multi = redis.multi();
    const lines = entries.map((e) => JSON.stringify(e));
    entries.forEach((entry, i) => {
      const score = entryTime(entry.id);
      multi.zadd(keys.activity, score, lines[i] as string);
      multi.zadd(keys.activityOfOrder(entry.orderUid), score, lines[i] as string);
      multi.pexpire(keys.activityOfOrder(entry.orderUid), keepMs);
    });
    await multi.exec();
    await redis.publish(keys.activityUpdates, JSON.stringify(lines));
  }

  async page(before: string | null, limit: number, keep: (entry: ActivityEntry) => boolean) {
    const { redis, keys } = this.opts;
    const found: ActivityEntry[] = [];
    const max = before === null ? '+inf' : String(entryTime(before));
    for (let offset = 0; found.length < limit; offset += CHUNK) {
      const raw = await redis.zrevrangebyscore(keys.activity, max, '-inf', 'LIMIT', offset, CHUNK);
      const chunk = raw.map(parseEntry).filter((e): e is ActivityEntry => e !== null);
      // Equal scores come back in reverse member order, not id order: sort the chunk by id.
      chunk.sort((a, b) => (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
      for (const entry of chunk) {
        if (found.length >= limit) break;
        if (before !== null && entry.id >= before) continue;
        if (keep(entry)) found.push(entry);
      }
      if (raw.length < CHUNK) break;
    }
    return found;
  }

  async forOrder(orderUid: string, limit: number) {
    const raw = await this.opts.redis.zrevrange(this.opts.keys.activityOfOrder(orderUid), 0, limit - 1);
    return raw
      .map(parseEntry)
      .filter((e): e is ActivityEntry => e !== null)
      .sort((a, b) => (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
  }

  async prune(olderThan: number, maxEntries: number): Promise<void> {
    const { redis, keys } = this.opts;
    await redis
      .multi()
      .zremrangebyscore(keys.activity, '-inf', `(${olderThan}`)
      .zremrangebyrank(keys.activity, 0, -(maxEntries + 1))
      .exec();
  }

  onAppend(listener: (entries: ActivityEntry[]) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async close(): Promise<void> {
    this.listeners.clear();
  }
}
