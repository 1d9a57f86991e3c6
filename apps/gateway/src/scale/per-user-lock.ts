import { randomUUID } from 'node:crypto';
import { TRPCError } from '@trpc/server';
import type { Redis } from 'ioredis';
import { isRedisUnavailable, RedisUnavailableError } from './redis-unavailable.js';

// Only the holder's token may extend or drop the lock: one that expired and was taken by another
// replica stays theirs.
const EXTEND = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return 0`;
const RELEASE = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`;

/** A replica that dies holding the lock blocks that user's next change this long at most. */
const LOCK_TTL_MS = 5_000;
/** Above the longest section (an export start waits on the backend, BACKEND_TIMEOUT_MS by default). */
const LOCK_WAIT_MS = 15_000;
const RETRY_FIRST_MS = 5;
const RETRY_MAX_MS = 100;

export interface PerUserLockOptions {
  /** With several replicas on one Redis; without it the sections are serialised in this process only. */
  redis?: { client: Redis; keyPrefix: string };
  ttlMs?: number;
  waitMs?: number;
}

/**
 * Runs one user's check-and-write of one kind (script tokens, bulk jobs, views, holds, exports) one
 * at a time: a per-user cap read before its write lets a batch of concurrent calls all pass the
 * check otherwise. In this process by a queue per user and kind; over every replica by a short
 * Redis lock (`SET NX PX` with a token of its own, kept alive while the section runs).
 */
export class PerUserLock {
  private readonly tails = new Map<string, Promise<void>>();
  private readonly ttlMs: number;
  private readonly waitMs: number;

  constructor(private readonly opts: PerUserLockOptions = {}) {
    this.ttlMs = opts.ttlMs ?? LOCK_TTL_MS;
    this.waitMs = opts.waitMs ?? LOCK_WAIT_MS;
  }

  run<T>(kind: string, userUid: string, section: () => Promise<T>): Promise<T> {
    const key = `${kind}:${userUid}`;
    const redis = this.opts.redis?.client;
    if (!redis) return this.queued(key, section);
    return this.queued(key, () => this.acrossReplicas(redis, key, section));
  }

  private async queued<T>(key: string, section: () => Promise<T>): Promise<T> {
    const before = this.tails.get(key) ?? Promise.resolve();
    let done = () => {};
    const mine = new Promise<void>((resolve) => {
      done = resolve;
    });
    const tail = before.then(() => mine);
    this.tails.set(key, tail);
    try {
      await before;
      return await section();
    } finally {
      done();
      if (this.tails.get(key) === tail) this.tails.delete(key);
    }
  }

  private async acrossReplicas<T>(redis: Redis, key: string, section: () => Promise<T>): Promise<T> {
    const lockKey = `${this.opts.redis?.keyPrefix ?? ''}user-lock:${key}`;
    const token = randomUUID();
    await this.acquire(redis, lockKey, token);
    const keepAlive = setInterval(() => {
      redis.eval(EXTEND, 1, lockKey, token, String(this.ttlMs)).catch(() => {});
    }, this.ttlMs / 3);
    keepAlive.unref();
    try {
      return await section();
    } finally {
      clearInterval(keepAlive);
      // A release Redis does not take ends with the lock's short lifetime instead.
      await redis.eval(RELEASE, 1, lockKey, token).catch(() => {});
    }
  }

  private async acquire(redis: Redis, lockKey: string, token: string): Promise<void> {
    const deadline = Date.now() + this.waitMs;
    let pause = RETRY_FIRST_MS;
    for (;;) {
      let taken: string | null;
      try {
        taken = await redis.set(lockKey, token, 'PX', this.ttlMs, 'NX');
      } catch (error) {
        throw isRedisUnavailable(error)
          ? new RedisUnavailableError('taking a per-user lock', { cause: error })
          : error;
      }
      if (taken === 'OK') return;
      if (Date.now() + pause > deadline)
        throw new TRPCError({
          code: 'TOO_MANY_REQUESTS',
          message: 'Another change of the same kind is still being made for you: try again in a moment',
        });
      await new Promise((resolve) => setTimeout(resolve, pause));
      pause = Math.min(pause * 2, RETRY_MAX_MS);
    }
  }
}
