import { Redis, type RedisOptions } from 'ioredis';
import type { RealtimeLogger } from '../realtime/types.js';

export interface RedisConnectionOptions {
  /** REDIS_URL: `redis://` or `rediss://` (TLS), with the password in it when the server needs one. */
  url: string;
  /** What the connection is for ('commands', 'export-subscriber'…): its client name and log field. */
  role: string;
  logger: Pick<RealtimeLogger, 'warn'>;
  /** A password kept out of the URL; the URL's own wins when both are set. */
  password?: string;
  /** Connect on the first command instead of at once (the gateway connects at once). */
  lazyConnect?: boolean;
  /** The clock the repeated-error log is spaced by. */
  now?: () => number;
}

/** Connection errors of one connection are logged at most this often: ioredis repeats them on every retry. */
const ERROR_LOG_EVERY_MS = 10_000;

/** The ioredis options every gateway connection uses. */
export function redisConnectionOptions(opts: RedisConnectionOptions): RedisOptions {
  return {
    connectionName: `waybill-gateway-${opts.role}`,
    // Fail a command after a few reconnect attempts instead of queueing it forever.
    maxRetriesPerRequest: 3,
    // Reconnect without end, 200 ms more after each failed attempt, at most 2 s apart.
    retryStrategy: (times) => Math.min(times * 200, 2000),
    lazyConnect: opts.lazyConnect ?? false,
    ...(opts.password ? { password: opts.password } : {}),
    // ioredis turns TLS on only for a URL spelt `rediss://` in lower case: the scheme decides here.
    ...(new URL(opts.url).protocol === 'rediss:' ? { tls: {} } : {}),
  };
}

/**
 * The one way the gateway opens a Redis connection.
 *
 * Convention for Redis-backed stores: a store never opens a connection. Whoever assembles it
 * (`createScale`, `createCollaboration`) makes the connections here, one per use: commands, a
 * subscriber for pub/sub (a subscribed connection can run nothing else), a reader of its own for
 * blocking reads. The store takes them in its options (`{ redis, subscriber, keys, logger }`), with
 * its keys from `redisKeys`/`notificationKeys` under the deployment's prefix, and the assembler
 * closes the connections after the stores.
 */
export function createRedisConnection(opts: RedisConnectionOptions): Redis {
  const client = new Redis(opts.url, redisConnectionOptions(opts));
  const now = opts.now ?? Date.now;
  let lastLogged = Number.NEGATIVE_INFINITY;
  client.on('error', (error: Error) => {
    if (now() - lastLogged < ERROR_LOG_EVERY_MS) return;
    lastLogged = now();
    opts.logger.warn({ err: error.message, role: opts.role }, 'redis connection error');
  });
  return client;
}
