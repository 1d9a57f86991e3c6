import type { Hold } from '@waybill/contracts';
import type { Redis } from 'ioredis';
import type { RealtimeLogger } from '../realtime/types.js';
import { type HoldStore, parseHold } from '../team/hold-store.js';
import type { RedisKeys } from './redis-keys.js';

// Claims and drops compare the holder inside Redis, so two replicas cannot both take an order.
const CLAIM = `
local current = redis.call('HGET', KEYS[1], ARGV[1])
if current and ARGV[4] ~= '1' and cjson.decode(current).holder.uid ~= ARGV[3] then return current end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
return false`;

const DROP = `
local current = redis.call('HGET', KEYS[1], ARGV[1])
if not current then return false end
local hold = cjson.decode(current)
if ARGV[2] ~= '' and hold.holder.uid ~= ARGV[2] then return current end
if ARGV[3] ~= '' and hold.lastActionAt ~= ARGV[3] then return false end
redis.call('HDEL', KEYS[1], ARGV[1])
return false`;

const TOUCH = `
local current = redis.call('HGET', KEYS[1], ARGV[1])
if not current then return 0 end
local hold = cjson.decode(current)
if hold.holder.uid ~= ARGV[2] then return 0 end
hold.lastActionAt = ARGV[3]
redis.call('HSET', KEYS[1], ARGV[1], cjson.encode(hold))
return 1`;

/** Holds in one Redis hash (order uid → hold), changes announced on a channel to every replica. */
export class RedisHoldStore implements HoldStore {
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly opts: { redis: Redis; subscriber: Redis; keys: RedisKeys; logger: RealtimeLogger },
  ) {
    opts.subscriber.on('message', (channel: string) => {
      if (channel !== opts.keys.holdUpdates) return;
      for (const listener of this.listeners) listener();
    });
    void opts.subscriber.subscribe(opts.keys.holdUpdates).catch((error: unknown) => {
      opts.logger.error({ err: (error as Error).message }, 'holds: subscribe failed');
    });
  }

  async all(): Promise<Hold[]> {
    const raw = await this.opts.redis.hvals(this.opts.keys.holds);
    return raw.map(parseHold).filter((h): h is Hold => h !== null);
  }

  async get(orderUid: string): Promise<Hold | null> {
    const raw = await this.opts.redis.hget(this.opts.keys.holds, orderUid);
    return raw ? parseHold(raw) : null;
  }

  async claim(next: Hold, force: boolean): Promise<Hold | null> {
    const { redis, keys } = this.opts;
    const args = [next.orderUid, JSON.stringify(next), next.holder.uid, force ? '1' : '0'];
    const blocking = (await redis.eval(CLAIM, 1, keys.holds, ...args)) as string | null;
    if (blocking) return parseHold(blocking);
    await this.changed();
    return null;
  }

  async drop(orderUid: string, holderUid: string | null, unlessActedAfter?: string): Promise<Hold | null> {
    const { redis, keys } = this.opts;
    const before = await redis.hexists(keys.holds, orderUid);
    const blocking = (await redis.eval(
      DROP,
      1,
      keys.holds,
      orderUid,
      holderUid ?? '',
      unlessActedAfter ?? '',
    )) as string | null;
    if (blocking) return parseHold(blocking);
    if (before && !(await redis.hexists(keys.holds, orderUid))) await this.changed();
    return null;
  }

  async touch(orderUid: string, holderUid: string, at: string): Promise<void> {
    const { redis, keys } = this.opts;
    // Who holds what is unchanged: no push to every console for each action on a held order.
    await redis.eval(TOUCH, 1, keys.holds, orderUid, holderUid, at);
  }

  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async close(): Promise<void> {
    this.listeners.clear();
  }

  private async changed(): Promise<void> {
    await this.opts.redis.publish(this.opts.keys.holdUpdates, '1');
  }
}
