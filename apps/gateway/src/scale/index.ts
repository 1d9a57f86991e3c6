import { Redis } from 'ioredis';
import { RedisOwnWriteStore } from '../realtime/own-write-store.js';
import type { RealtimeLogger } from '../realtime/types.js';
import { RedisChangeEventLog } from './redis-change-event-log.js';
import { RedisExportStore } from './redis-export-store.js';
import { redisKeys } from './redis-keys.js';
import { RedisPollLease } from './redis-poll-lease.js';
import { RedisSessionStore } from './redis-session-store.js';

export { RedisChangeEventLog } from './redis-change-event-log.js';
export { RedisExportStore } from './redis-export-store.js';
export { redisKeys } from './redis-keys.js';
export { LeaseLostError, RedisPollLease } from './redis-poll-lease.js';
export { RedisSessionStore } from './redis-session-store.js';
export { compareStreamIds } from './stream-id.js';

export interface ScaleOptions {
  redisUrl: string;
  logger: RealtimeLogger;
  leaseTtlMs: number;
  /** Gateway sessions' idle timeout (SESSION_IDLE_MS). */
  sessionIdleMs: number;
  keyPrefix?: string;
}

/**
 * Multi-replica mode (REDIS_URL set): the change-poll lease, the change-event stream, export
 * job state and gateway sessions live in Redis; live cohorts stay per replica.
 */
export function createScale(opts: ScaleOptions) {
  const keys = redisKeys(opts.keyPrefix);
  const connect = (role: string) => {
    const client = new Redis(opts.redisUrl, {
      connectionName: `waybill-gateway-${role}`,
      // Fail a command after a few reconnect attempts instead of queueing it forever.
      maxRetriesPerRequest: 3,
      retryStrategy: (times) => Math.min(times * 200, 2000),
    });
    let lastLogged = 0;
    client.on('error', (error: Error) => {
      // ioredis repeats connection errors on every retry; log them at most every 10 s.
      if (Date.now() - lastLogged < 10_000) return;
      lastLogged = Date.now();
      opts.logger.warn({ err: error.message, role }, 'redis connection error');
    });
    return client;
  };
  const redis = connect('commands');
  const reader = connect('change-reader');
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
  });

  return {
    keys,
    redis,
    lease,
    events,
    ownWriteStore: new RedisOwnWriteStore(redis, keys.ownWrite),
    exportStore,
    sessions,
    /** For /readyz: a replica that cannot reach Redis cannot serve live updates. */
    async ping(timeoutMs = 2000): Promise<boolean> {
      try {
        const answer = await Promise.race([
          redis.ping(),
          new Promise<never>((_, reject) =>
            setTimeout(() => reject(new Error('timeout')), timeoutMs).unref(),
          ),
        ]);
        return answer === 'PONG';
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
