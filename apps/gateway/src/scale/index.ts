import { RedisOwnWriteStore } from '../realtime/own-write-store.js';
import type { RealtimeLogger } from '../realtime/types.js';
import { RedisBulkJobStore } from './redis-bulk-job-store.js';
import { CHANGE_READ_BLOCK_MS, RedisChangeEventLog } from './redis-change-event-log.js';
import { createRedisConnection, type RedisTarget } from './redis-connection.js';
import { RedisExportStore } from './redis-export-store.js';
import { redisKeys } from './redis-keys.js';
import { RedisPendingActionStore } from './redis-pending-action-store.js';
import { RedisPollLease } from './redis-poll-lease.js';
import { RedisScriptTokenStore } from './redis-script-token-store.js';
import { RedisSessionStore } from './redis-session-store.js';
import { RedisViewStore } from './redis-view-store.js';
import { withinMs } from './within.js';

export { RedisChangeEventLog } from './redis-change-event-log.js';
export { RedisExportStore } from './redis-export-store.js';
export { redisKeys } from './redis-keys.js';
export { LeaseLostError, RedisPollLease } from './redis-poll-lease.js';
export { compareStreamIds } from './stream-id.js';

export interface ScaleOptions {
  /** The server (REDIS_URL) or the Sentinels (REDIS_SENTINELS): `redisTarget(config)`. */
  target: RedisTarget;
  logger: RealtimeLogger;
  leaseTtlMs: number;
  /** Gateway sessions' idle timeout (SESSION_IDLE_MS). */
  sessionIdleMs: number;
  /** How long a replica serves sessions it saw from memory while Redis is unreachable (SESSION_OUTAGE_CACHE_MS). */
  sessionOutageCacheMs?: number;
  keyPrefix?: string;
}

/**
 * Multi-replica mode (REDIS_URL or REDIS_SENTINELS set): the change-poll lease, the change-event
 * stream, export job state and gateway sessions live in Redis; live cohorts stay per replica.
 */
export function createScale(opts: ScaleOptions) {
  const keys = redisKeys(opts.keyPrefix);
  const connect = (role: string, blocksForMs = 0) =>
    createRedisConnection({ ...opts.target, role, logger: opts.logger, blocksForMs });
  const redis = connect('commands');
  const reader = connect('change-reader', CHANGE_READ_BLOCK_MS);
  const subscriber = connect('export-subscriber');
  const lease = new RedisPollLease({ redis, keys, logger: opts.logger, ttlMs: opts.leaseTtlMs });
  const events = new RedisChangeEventLog({
    redis,
    reader,
    keys,
    logger: opts.logger,
    fence: () => lease.fencingToken(),
  });
  const exportStore = new RedisExportStore({ redis, subscriber, keys, logger: opts.logger });
  const sessions = new RedisSessionStore({
    redis,
    subscriber,
    keys,
    logger: opts.logger,
    idleMs: opts.sessionIdleMs,
    outageCacheMs: opts.sessionOutageCacheMs ?? 0,
  });

  return {
    keys,
    redis,
    lease,
    events,
    ownWriteStore: new RedisOwnWriteStore(redis, keys.ownWrite),
    exportStore,
    bulkJobStore: new RedisBulkJobStore(redis, keys, opts.logger),
    pendingActionStore: new RedisPendingActionStore(redis, keys),
    viewStore: new RedisViewStore(redis, subscriber, keys, opts.logger),
    sessions,
    scriptTokenStore: new RedisScriptTokenStore(redis, keys),
    /** For /readyz: a replica that cannot reach Redis cannot serve live updates. */
    async ping(timeoutMs = 2000): Promise<boolean> {
      try {
        return (await withinMs(redis.ping(), timeoutMs)) === 'PONG';
      } catch {
        return false;
      }
    },
    /** After the realtime half closed (it releases the lease and stops reading the stream). */
    async close(): Promise<void> {
      exportStore.close();
      sessions.close();
      subscriber.disconnect();
      reader.disconnect();
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
export type Scale = ReturnType<typeof createScale>;
