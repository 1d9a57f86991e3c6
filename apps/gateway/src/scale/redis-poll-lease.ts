import { randomUUID } from 'node:crypto';
import type { Order } from '@waybill/contracts';
import type { Redis } from 'ioredis';
import type { PollLease } from '../realtime/change-poll.js';
import type { RealtimeLogger } from '../realtime/types.js';
import { RECONNECT_MAX_DELAY_MS } from './redis-connection.js';
import type { RedisKeys } from './redis-keys.js';

// Take the lease when free (a new fencing epoch), or renew it when it is already ours.
// Returns the epoch we hold, or 0 when another replica holds it.
const ACQUIRE = `
local current = redis.call('GET', KEYS[1])
if current then
  local owner, epoch = string.match(current, '^(.*)|(%d+)$')
  if owner == ARGV[1] then
    redis.call('PEXPIRE', KEYS[1], ARGV[2])
    return tonumber(epoch)
  end
  return 0
end
local epoch = redis.call('INCR', KEYS[2])
redis.call('SET', KEYS[1], ARGV[1] .. '|' .. epoch, 'PX', ARGV[2])
return epoch`;

// Writes only while the caller's fencing token is still the lease's value.
const FENCED_SET = `
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
redis.call('SET', KEYS[2], ARGV[2])
return 1`;

// Reads the cursor; a missing one opens a recovery round (KEYS[2], ARGV[2] ms) when the caller is
// taking the lease (ARGV[3] = '1'): a follower only offers into a round already open, so a round
// that ended before the new leader's first cursor write is not opened again. During a round the
// offered cursor (ARGV[1], '' for none) replaces a higher one. Answers {cursor or -1, round ms left}.
// Not fenced: lowering the cursor only widens the next window, whose dedupe drops what was published.
const RECOVER_CURSOR = `
local cursor = tonumber(redis.call('GET', KEYS[1]))
local left = redis.call('PTTL', KEYS[2])
if left < 0 then
  if cursor or ARGV[3] ~= '1' then return {cursor or -1, 0} end
  redis.call('SET', KEYS[2], '1', 'PX', ARGV[2])
  left = tonumber(ARGV[2])
end
local offered = tonumber(ARGV[1])
if offered and (not cursor or offered < cursor) then
  redis.call('SET', KEYS[1], ARGV[1])
  cursor = offered
end
return {cursor or -1, left}`;

const RELEASE = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`;

export class LeaseLostError extends Error {
  override name = 'LeaseLostError';
}

export interface RedisPollLeaseOptions {
  redis: Redis;
  keys: RedisKeys;
  logger: RealtimeLogger;
  /** How long a lease lives without renewal; a dead leader is replaced after at most this long. */
  ttlMs: number;
  replicaId?: string;
}

/**
 * The change-poll lease: one replica at a time, SET NX PX with a fencing epoch (INCR), renewed
 * before every poll and by a timer in between, released on shutdown. The window cursor lives
 * beside it so a new leader continues where the old one stopped.
 */
export class RedisPollLease implements PollLease {
  readonly replicaId: string;
  /** Followers check the lease six times per TTL (at most every second, at least every 100 ms). */
  readonly followerCheckMs: number;
  /**
   * A recovery round for a lost cursor lasts two follower checks and one reconnect delay: by then
   * every replica that reaches Redis again has checked the lease and offered the cursor it knew.
   */
  readonly recoveryRoundMs: number;
  private epoch = 0;
  private timer: NodeJS.Timeout | null = null;
  private released = false;

  constructor(private readonly opts: RedisPollLeaseOptions) {
    this.replicaId = opts.replicaId ?? randomUUID();
    this.followerCheckMs = Math.min(1000, Math.max(100, Math.round(opts.ttlMs / 6)));
    this.recoveryRoundMs = 2 * this.followerCheckMs + RECONNECT_MAX_DELAY_MS;
    if (opts.replicaId?.includes('|')) throw new Error('replicaId must not contain "|"');
    // Renew (or take over) three times per TTL, so a long backoff never lets our lease lapse.
    this.timer = setInterval(() => void this.holds().catch(() => {}), Math.max(50, opts.ttlMs / 3));
    this.timer.unref?.();
  }

  /** The value stored in the lease key while we hold it; writes are fenced on it. */
  fencingToken(): string | null {
    return this.epoch > 0 ? `${this.replicaId}|${this.epoch}` : null;
  }

  currentEpoch(): number {
    return this.epoch;
  }

  async holds(): Promise<boolean> {
    if (this.released) return false;
    const { redis, keys, ttlMs } = this.opts;
    const epoch = Number(await redis.eval(ACQUIRE, 2, keys.lease, keys.epoch, this.replicaId, String(ttlMs)));
    if (epoch > 0 && epoch !== this.epoch) this.opts.logger.info({ epoch }, 'took the change-poll lease');
    if (epoch === 0 && this.epoch > 0)
      this.opts.logger.warn({ epoch: this.epoch }, 'lost the change-poll lease');
    this.epoch = epoch;
    return epoch > 0;
  }

  /** uid@updated_at of the changes on the event stream since `sinceMs` (stream ids are ms times). */
  async publishedSince(sinceMs: number): Promise<Array<Pick<Order, 'uid' | 'updated_at'>>> {
    const entries = (await this.opts.redis.xrange(
      this.opts.keys.changes,
      String(Math.max(0, Math.floor(sinceMs))),
      '+',
    )) as Array<[string, string[]]>;
    const published: Array<Pick<Order, 'uid' | 'updated_at'>> = [];
    for (const [, fields] of entries) {
      try {
        const body = JSON.parse(fields[fields.indexOf('e') + 1] ?? '') as { orders?: unknown };
        if (!Array.isArray(body.orders)) continue;
        for (const o of body.orders as Array<Partial<Order>>)
          if (typeof o.uid === 'string' && typeof o.updated_at === 'string')
            published.push({ uid: o.uid, updated_at: o.updated_at });
      } catch {
        // An unreadable event is skipped, as the stream reader does.
      }
    }
    return published;
  }

  async readCursor(): Promise<number | null> {
    const value = await this.opts.redis.get(this.opts.keys.cursor);
    const cursor = value === null ? Number.NaN : Number(value);
    return Number.isFinite(cursor) ? cursor : null;
  }

  async recoverCursor(
    known: number | null,
    leading: boolean,
  ): Promise<{ cursor: number | null; roundMs: number }> {
    const { redis, keys } = this.opts;
    const [cursor, roundMs] = (await redis.eval(
      RECOVER_CURSOR,
      2,
      keys.cursor,
      keys.cursorRecovery,
      known === null ? '' : String(known),
      String(this.recoveryRoundMs),
      leading ? '1' : '0',
    )) as [number, number];
    return { cursor: cursor < 0 ? null : cursor, roundMs: Math.max(0, roundMs) };
  }

  async writeCursor(windowStart: number): Promise<void> {
    const token = this.fencingToken();
    const ok =
      token !== null &&
      Number(
        await this.opts.redis.eval(
          FENCED_SET,
          2,
          this.opts.keys.lease,
          this.opts.keys.cursor,
          token,
          String(windowStart),
        ),
      ) === 1;
    if (!ok) {
      this.epoch = 0;
      throw new LeaseLostError('the change-poll lease moved to another replica; not writing the cursor');
    }
  }

  async release(): Promise<void> {
    this.released = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    const token = this.fencingToken();
    this.epoch = 0;
    if (token === null) return;
    try {
      // Bounded: with Redis unreachable, shutdown must not wait on reconnect retries.
      await Promise.race([
        this.opts.redis.eval(RELEASE, 1, this.opts.keys.lease, token),
        new Promise((_, reject) =>
          setTimeout(() => reject(new Error('redis did not answer within 1 s')), 1000).unref(),
        ),
      ]);
      this.opts.logger.info({}, 'released the change-poll lease');
    } catch (error) {
      // It expires on its own within the TTL.
      this.opts.logger.warn({ err: (error as Error).message }, 'could not release the change-poll lease');
    }
  }
}
