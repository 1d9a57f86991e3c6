import type { Redis } from 'ioredis';
import type { ScriptTokenEntry, ScriptTokenStore } from '../auth/script-token-store.js';
import type { RedisKeys } from './redis-keys.js';
import { isRedisUnavailable, RedisUnavailableError } from './redis-unavailable.js';

// Sets an entry's lastUsedAt only if the entry is still there, in one step (a revoke meanwhile wins).
const TOUCH = `
local v = redis.call('HGET', KEYS[1], ARGV[1])
if not v then return 0 end
local entry = cjson.decode(v)
entry.lastUsedAt = tonumber(ARGV[2])
redis.call('HSET', KEYS[1], ARGV[1], cjson.encode(entry))
return 1`;

/** Each user's script tokens as one Redis hash: session key → entry (JSON). */
export class RedisScriptTokenStore implements ScriptTokenStore {
  constructor(
    private readonly redis: Redis,
    private readonly keys: RedisKeys,
  ) {}

  async touch(owner: string, key: string, at: number): Promise<void> {
    await this.run('recording a script token use', () =>
      this.redis.eval(TOUCH, 1, this.keys.scriptTokens(owner), key, String(at)),
    );
  }

  async list(owner: string): Promise<ScriptTokenEntry[]> {
    const all = await this.run('listing script tokens', () =>
      this.redis.hgetall(this.keys.scriptTokens(owner)),
    );
    return Object.values(all).flatMap((raw) => {
      try {
        return [JSON.parse(raw) as ScriptTokenEntry];
      } catch {
        return [];
      }
    });
  }

  async put(owner: string, entry: ScriptTokenEntry): Promise<void> {
    await this.run('saving a script token', () =>
      this.redis.hset(this.keys.scriptTokens(owner), entry.key, JSON.stringify(entry)),
    );
  }

  async remove(owner: string, key: string): Promise<boolean> {
    const removed = await this.run('revoking a script token', () =>
      this.redis.hdel(this.keys.scriptTokens(owner), key),
    );
    return removed > 0;
  }

  /** A connection-level failure reads as Redis being unreachable (503 with Retry-After). */
  private async run<T>(what: string, call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      throw isRedisUnavailable(error) ? new RedisUnavailableError(what, { cause: error }) : error;
    }
  }
}
