import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { SessionRecord, SessionStore } from '../auth/session-store.js';
import type { RealtimeLogger } from '../realtime/types.js';
import type { RedisKeys } from './redis-keys.js';

// Reads a session and restarts its idle timeout in one round trip; a session past its absolute
// end is deleted. ARGV: idle ms, now (epoch ms).
const RESOLVE = `
local v = redis.call('GET', KEYS[1])
if not v then return false end
local ok, s = pcall(cjson.decode, v)
if not ok or type(s) ~= 'table' or type(s.e) ~= 'number' then
  redis.call('DEL', KEYS[1])
  return false
end
local left = s.e - tonumber(ARGV[2])
if left <= 0 then
  redis.call('DEL', KEYS[1])
  return false
end
redis.call('PEXPIRE', KEYS[1], math.min(tonumber(ARGV[1]), left))
return v`;

interface Stored {
  t: string;
  c: number;
  e: number;
}

const hashId = (id: string) => createHash('sha256').update(id).digest('base64url');

export interface RedisSessionStoreOptions {
  redis: Redis;
  /** The shared subscriber connection (already in subscriber mode for export updates). */
  subscriber: Redis;
  keys: RedisKeys;
  logger: RealtimeLogger;
  idleMs: number;
  now?: () => number;
}

/**
 * Sessions in Redis, so every replica sees a sign-in and a logout at once: one key per session
 * (expiring after the idle timeout, never past the absolute end), used sign-in states claimed with
 * SET NX (single use on every replica), and revocations published so each replica closes that session's websockets.
 * Cost: one EVALSHA per HTTP request (per batch) and per websocket connection.
 */
export class RedisSessionStore implements SessionStore {
  private readonly listeners = new Set<(id: string) => void>();
  private readonly ready: Promise<unknown>;
  private readonly now: () => number;

  constructor(private readonly opts: RedisSessionStoreOptions) {
    this.now = opts.now ?? Date.now;
    opts.redis.defineCommand('waybillSessionResolve', { numberOfKeys: 1, lua: RESOLVE });
    opts.subscriber.on('message', (channel: string, id: string) => {
      if (channel !== opts.keys.sessionRevoked) return;
      for (const listener of this.listeners) listener(id);
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
    const ttl = Math.max(1, Math.min(this.opts.idleMs, record.expiresAt - this.now()));
    const stored: Stored = { t: record.token, c: record.createdAt, e: record.expiresAt };
    await this.opts.redis.set(this.opts.keys.session(hashId(id)), JSON.stringify(stored), 'PX', ttl);
  }

  async resolve(id: string): Promise<SessionRecord | null> {
    const redis = this.opts.redis as Redis & {
      waybillSessionResolve(key: string, idleMs: number, now: number): Promise<string | null>;
    };
    const raw = await redis.waybillSessionResolve(
      this.opts.keys.session(hashId(id)),
      this.opts.idleMs,
      this.now(),
    );
    if (!raw) return null;
    const s = JSON.parse(raw) as Stored;
    return { token: s.t, createdAt: s.c, expiresAt: s.e };
  }

  async revoke(id: string): Promise<void> {
    const { redis, keys } = this.opts;
    // The id is dead once deleted, so publishing it reveals nothing usable.
    await redis
      .multi()
      .del(keys.session(hashId(id)))
      .publish(keys.sessionRevoked, id)
      .exec();
  }

  onRevoked(listener: (id: string) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async claimOnce(key: string, ttlMs: number): Promise<boolean> {
    const set = await this.opts.redis.set(
      this.opts.keys.signInState(key),
      '1',
      'PX',
      Math.max(1, ttlMs),
      'NX',
    );
    return set === 'OK';
  }

  close(): void {
    this.listeners.clear();
  }
}
