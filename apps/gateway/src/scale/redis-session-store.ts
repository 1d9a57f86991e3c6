import type { Redis } from 'ioredis';
import { isSessionId } from '../auth/credentials.js';
import { RecentSessions } from '../auth/recent-sessions.js';
import { sessionKey } from '../auth/session-expiry.js';
import type { SessionRecord, SessionStore } from '../auth/session-store.js';
import type { RealtimeLogger } from '../realtime/types.js';
import type { RedisKeys } from './redis-keys.js';
import { isRedisUnavailable, RedisUnavailableError } from './redis-unavailable.js';

// Reads a session and restarts its idle timeout in one round trip; a session past its absolute
// end is deleted (session-expiry.ts's rules, with the key's TTL as the idle deadline). The index
// (KEYS[2]) follows, for the count. ARGV: idle ms (a session's own, s.l, wins), now (epoch ms), the
// session's key hash.
const RESOLVE = `
local v = redis.call('GET', KEYS[1])
if not v then
  redis.call('ZREM', KEYS[2], ARGV[3])
  return false
end
local ok, s = pcall(cjson.decode, v)
if not ok or type(s) ~= 'table' or type(s.e) ~= 'number' then
  redis.call('DEL', KEYS[1])
  redis.call('ZREM', KEYS[2], ARGV[3])
  return false
end
local left = s.e - tonumber(ARGV[2])
if left <= 0 then
  redis.call('DEL', KEYS[1])
  redis.call('ZREM', KEYS[2], ARGV[3])
  return false
end
local ttl = math.min(tonumber(s.l) or tonumber(ARGV[1]), left)
redis.call('PEXPIRE', KEYS[1], ttl)
redis.call('ZADD', KEYS[2], tonumber(ARGV[2]) + ttl, ARGV[3])
return v`;

/** Token, created, absolute end; a script token's own idle timeout and owner. */
interface Stored {
  t: string;
  c: number;
  e: number;
  l?: number;
  o?: string;
  /** Signed in by a script. */
  s?: 1;
}

function recordOf(s: Stored): SessionRecord {
  return {
    token: s.t,
    createdAt: s.c,
    expiresAt: s.e,
    ...(s.l === undefined ? {} : { idleMs: s.l }),
    ...(s.o === undefined ? {} : { owner: s.o }),
    ...(s.s === 1 ? { script: true as const } : {}),
  };
}

/** Sessions a replica remembers for a Redis outage: about 100 bytes each. */
const OUTAGE_CACHE_MAX = 20_000;

export interface RedisSessionStoreOptions {
  redis: Redis;
  /** The shared subscriber connection (already in subscriber mode for export updates). */
  subscriber: Redis;
  keys: RedisKeys;
  logger: RealtimeLogger;
  idleMs: number;
  /** How long a session read from Redis is still served from memory while Redis is unreachable (0: never). */
  outageCacheMs?: number;
  now?: () => number;
}

/**
 * Sessions in Redis, so every replica sees a sign-in and a logout at once: one key per session
 * (expiring after the idle timeout, never past the absolute end), used sign-in states claimed with
 * SET NX (single use on every replica), and revocations published so each replica closes that session's websockets.
 * Cost: one EVALSHA per HTTP request (per batch) and per websocket connection.
 *
 * While Redis is unreachable, sessions this replica read within `outageCacheMs` are served from its
 * memory, so a Redis restart signs nobody out. What needs Redis itself (a sign-in, a logout, a
 * session not seen lately) fails with RedisUnavailableError (503 with Retry-After). A logout made
 * meanwhile ends the session on this replica at once and is written to Redis when it is back.
 */
export class RedisSessionStore implements SessionStore {
  private readonly listeners = new Set<(key: string) => void>();
  private readonly ready: Promise<unknown>;
  private readonly now: () => number;
  private readonly recent: RecentSessions;
  /** Revocations Redis has not taken yet, by session key. */
  private readonly unwritten = new Set<string>();
  /** The commands connection was lost and is not back: nothing waits for ioredis's reconnect attempts. */
  private down = false;
  /** Whether this outage was logged already. */
  private outage = false;

  constructor(private readonly opts: RedisSessionStoreOptions) {
    this.now = opts.now ?? Date.now;
    this.recent = new RecentSessions({
      ttlMs: opts.outageCacheMs ?? 0,
      maxEntries: OUTAGE_CACHE_MAX,
      idleMs: opts.idleMs,
      now: this.now,
    });
    opts.redis.defineCommand('waybillSessionResolve', { numberOfKeys: 2, lua: RESOLVE });
    opts.redis.on('close', () => {
      this.down = true;
    });
    opts.redis.on('ready', () => {
      if (this.outage) opts.logger.info({}, 'sessions: redis is back');
      this.down = false;
      this.outage = false;
      void this.writeRevocations();
    });
    opts.subscriber.on('message', (channel: string, published: string) => {
      if (channel !== opts.keys.sessionRevoked) return;
      // A session key; a replica of an earlier release publishes the (dead) id itself.
      const key = isSessionId(published) ? sessionKey(published) : published;
      this.recent.forget(key);
      for (const listener of this.listeners) listener(key);
    });
    this.ready = opts.subscriber.subscribe(opts.keys.sessionRevoked).catch((error: unknown) => {
      opts.logger.error({ err: (error as Error).message }, 'session revocations: subscribe failed');
    });
  }

  /** Resolves once revocations from other replicas are being received. */
  whenReady(): Promise<unknown> {
    return this.ready;
  }

  async create(id: string, record: SessionRecord): Promise<void> {
    const idleMs = record.idleMs ?? this.opts.idleMs;
    const ttl = Math.max(1, Math.min(idleMs, record.expiresAt - this.now()));
    const stored: Stored = {
      t: record.token,
      c: record.createdAt,
      e: record.expiresAt,
      ...(record.idleMs === undefined ? {} : { l: record.idleMs }),
      ...(record.owner === undefined ? {} : { o: record.owner }),
      ...(record.script ? { s: 1 as const } : {}),
    };
    const key = sessionKey(id);
    const { redis, keys } = this.opts;
    await this.needsRedis('signing in', async () => {
      const results = await redis
        .multi()
        .set(keys.session(key), JSON.stringify(stored), 'PX', ttl)
        .zadd(keys.sessionIndex, this.now() + ttl, key)
        .exec();
      const failed = results?.find(([error]) => error)?.[0];
      if (failed) throw failed;
    });
    this.recent.remember(key, record);
  }

  async resolve(id: string): Promise<SessionRecord | null> {
    const key = sessionKey(id);
    if (this.unwritten.has(key)) return null;
    const redis = this.opts.redis as Redis & {
      waybillSessionResolve(
        key: string,
        index: string,
        idleMs: number,
        now: number,
        member: string,
      ): Promise<string | null>;
    };
    let raw: string | null;
    try {
      // Down: answer from memory at once rather than wait out ioredis's reconnect attempts.
      if (this.down) throw new RedisUnavailableError('checking a session');
      const { keys } = this.opts;
      raw = await redis.waybillSessionResolve(
        keys.session(key),
        keys.sessionIndex,
        this.opts.idleMs,
        this.now(),
        key,
      );
    } catch (error) {
      if (!isRedisUnavailable(error)) throw error;
      return this.fromMemory(key, error);
    }
    if (!raw) {
      this.recent.forget(key);
      return null;
    }
    const record = recordOf(JSON.parse(raw) as Stored);
    this.recent.remember(key, record);
    return record;
  }

  revoke(id: string): Promise<void> {
    return this.revokeKey(sessionKey(id));
  }

  async revokeKey(key: string): Promise<void> {
    this.recent.forget(key);
    try {
      await this.deleteAndPublish(key);
    } catch (error) {
      if (!isRedisUnavailable(error)) throw error;
      // Refused here from now on (its websockets here close); the other replicas learn it from
      // Redis when it is back. The caller still hears that the logout is not complete.
      this.unwritten.add(key);
      for (const listener of this.listeners) listener(key);
      throw new RedisUnavailableError('signing out (this replica already refuses the session)', {
        cause: error,
      });
    }
  }

  onRevoked(listener: (key: string) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async claimOnce(key: string, ttlMs: number): Promise<boolean> {
    const set = await this.needsRedis('finishing a sign-in', () =>
      this.opts.redis.set(this.opts.keys.signInState(key), '1', 'PX', Math.max(1, ttlMs), 'NX'),
    );
    return set === 'OK';
  }

  /** Drops the index entries whose idle deadline passed, then counts the rest (two O(log n) commands). */
  async count(): Promise<number> {
    const { redis, keys } = this.opts;
    if (this.down) throw new RedisUnavailableError('counting sessions');
    const results = await redis
      .multi()
      .zremrangebyscore(keys.sessionIndex, '-inf', this.now())
      .zcard(keys.sessionIndex)
      .exec();
    return Number(results?.[1]?.[1] ?? 0);
  }

  close(): void {
    this.listeners.clear();
  }

  private async deleteAndPublish(key: string): Promise<void> {
    const { redis, keys } = this.opts;
    if (this.down) throw new RedisUnavailableError('signing out');
    const results = await redis
      .multi()
      .del(keys.session(key))
      .zrem(keys.sessionIndex, key)
      .publish(keys.sessionRevoked, key)
      .exec();
    const failed = results?.find(([error]) => error)?.[0];
    if (failed) throw failed;
  }

  private async needsRedis<T>(what: string, run: () => Promise<T>): Promise<T> {
    if (this.down) throw new RedisUnavailableError(what);
    return run();
  }

  private fromMemory(key: string, error: unknown): SessionRecord {
    if (!this.outage) {
      this.outage = true;
      this.opts.logger.warn(
        { err: (error as Error).message, remembered: this.recent.size },
        'sessions: redis unreachable, serving the sessions seen lately from memory',
      );
    }
    const record = this.recent.recall(key);
    if (!record) throw new RedisUnavailableError('checking a session not seen lately', { cause: error });
    return record;
  }

  /** Logouts made while Redis was unreachable, written once it is back (each at most once). */
  private async writeRevocations(): Promise<void> {
    for (const key of [...this.unwritten]) {
      try {
        await this.deleteAndPublish(key);
        this.unwritten.delete(key);
      } catch (error) {
        this.opts.logger.warn(
          { err: (error as Error).message },
          'sessions: writing a logout to redis failed',
        );
        return;
      }
    }
  }
}
