import type { LimitName } from '@waybill/contracts';
import type { Redis } from 'ioredis';
import { limitRefusal } from './limit-reached.js';

/** One user's actions in the current window: taken, or refused with the wait until it ends. */
export type Taken = { ok: true } | { ok: false; retryInMs: number };

/** Where the counts live: this process, or Redis shared by every replica. */
export interface WindowCounts {
  /** Adds `n` to `key`'s count of the window unless that would pass `max`. */
  take(key: string, n: number, max: number, windowMs: number): Promise<Taken>;
  /** Takes `n` back from `key`'s count in the current window (never below 0; an ended window stays ended). */
  giveBack(key: string, n: number): Promise<void>;
}

/** A per-user limit of one kind of action in a window, as its refusal names it. */
export interface WindowLimit {
  max: number;
  windowMs: number;
  /** What is counted, for the refusal: "takes and releases". */
  what: string;
  /** The limit's name on the wire (`data.limit`). */
  limit: LimitName;
  /** The settings, for the refusal: "HOLD_RATE_MAX, HOLD_RATE_WINDOW_MS". */
  variables: string;
}

/** Counts one action of `userUid` against `limit`, or throws TOO_MANY_REQUESTS naming it and when to retry. */
export async function countOne(counts: WindowCounts, userUid: string, limit: WindowLimit): Promise<void> {
  const taken = await counts.take(userUid, 1, limit.max, limit.windowMs);
  if (taken.ok) return;
  const count = (n: number) => n.toLocaleString('en-US');
  const wait = Math.max(1, Math.ceil(taken.retryInMs / 1000));
  throw limitRefusal(
    'TOO_MANY_REQUESTS',
    limit.limit,
    `Too many ${limit.what}: at most ${count(limit.max)} per ${count(limit.windowMs / 1000)} s per user (${limit.variables}); try again in ${count(wait)} s`,
  );
}

/** One kind of action counted per person against a WindowLimit, in memory or Redis. */
export class PersonLimit {
  constructor(
    private readonly counts: WindowCounts,
    private readonly limit: WindowLimit,
  ) {}

  /** Counts one action of `personUid`; TOO_MANY_REQUESTS naming the limit and when to retry past it. */
  count(personUid: string): Promise<void> {
    return countOne(this.counts, personUid, this.limit);
  }
}

/**
 * Fixed windows per user, in this process: a window starts with the user's first action and ends
 * `windowMs` later. Ended windows are swept once per window length, so idle users cost nothing.
 */
export class MemoryWindowCounts implements WindowCounts {
  private readonly windows = new Map<string, { endsAt: number; count: number }>();
  private sweptAt = 0;

  constructor(private readonly now: () => number = Date.now) {}

  async take(key: string, n: number, max: number, windowMs: number): Promise<Taken> {
    const now = this.now();
    if (now - this.sweptAt >= windowMs) {
      this.sweptAt = now;
      for (const [k, w] of this.windows) if (w.endsAt <= now) this.windows.delete(k);
    }
    let window = this.windows.get(key);
    if (!window || window.endsAt <= now) {
      window = { endsAt: now + windowMs, count: 0 };
      this.windows.set(key, window);
    }
    if (window.count + n > max) return { ok: false, retryInMs: window.endsAt - now };
    window.count += n;
    return { ok: true };
  }

  async giveBack(key: string, n: number): Promise<void> {
    const window = this.windows.get(key);
    if (window && window.endsAt > this.now()) window.count = Math.max(0, window.count - n);
  }
}

/** The same windows in Redis (one key per user, expiring with its window), checked and added atomically. */
const TAKE = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
local n = tonumber(ARGV[1])
if count + n > tonumber(ARGV[2]) then
  return {0, redis.call('PTTL', KEYS[1])}
end
if redis.call('INCRBY', KEYS[1], n) == n then redis.call('PEXPIRE', KEYS[1], ARGV[3]) end
return {1, 0}
`;

/** Takes back at most what the key holds; DECRBY keeps its expiry, and a missing key stays missing. */
const GIVE_BACK = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count > 0 then redis.call('DECRBY', KEYS[1], math.min(count, tonumber(ARGV[1]))) end
return 1
`;

export class RedisWindowCounts implements WindowCounts {
  constructor(
    private readonly redis: Redis,
    private readonly keyOf: (userUid: string) => string,
  ) {}

  async take(key: string, n: number, max: number, windowMs: number): Promise<Taken> {
    const [ok, ttl] = (await this.redis.eval(TAKE, 1, this.keyOf(key), n, max, windowMs)) as [number, number];
    return ok === 1 ? { ok: true } : { ok: false, retryInMs: ttl > 0 ? ttl : windowMs };
  }

  async giveBack(key: string, n: number): Promise<void> {
    await this.redis.eval(GIVE_BACK, 1, this.keyOf(key), n);
  }
}

export interface CommentRateOptions {
  /** COMMENT_RATE_MAX comments per COMMENT_RATE_WINDOW_MS. */
  max: number;
  windowMs: number;
  counts: WindowCounts;
}

const seconds = (ms: number) => `${Math.max(1, Math.ceil(ms / 1000)).toLocaleString('en-US')} s`;

/**
 * Comments per user (every session of theirs, and every replica when the counts are in Redis): a
 * user commenting in a loop would make every reader of those orders pay for it, for good. A bulk
 * comment on N orders counts N, and is refused whole when it does not fit.
 */
export class CommentRate {
  constructor(private readonly opts: CommentRateOptions) {}

  /** Counts `n` comments of `userUid`, or throws TOO_MANY_REQUESTS naming the limit and when to retry. */
  async take(userUid: string, n: number): Promise<void> {
    const { max, windowMs } = this.opts;
    const per = `per ${seconds(windowMs)} per user (COMMENT_RATE_MAX, COMMENT_RATE_WINDOW_MS)`;
    if (n > max)
      throw limitRefusal(
        'BAD_REQUEST',
        'COMMENT_RATE_MAX',
        `${n.toLocaleString('en-US')} comments at once is over the limit of ${max.toLocaleString('en-US')} ${per}: comment on fewer orders`,
      );
    const taken = await this.opts.counts.take(userUid, n, max, windowMs);
    if (taken.ok) return;
    throw limitRefusal(
      'TOO_MANY_REQUESTS',
      'COMMENT_RATE_MAX',
      `Too many comments: at most ${max.toLocaleString('en-US')} ${per}; try again in ${seconds(taken.retryInMs)}`,
    );
  }
}
