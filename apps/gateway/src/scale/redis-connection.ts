import { createRequire } from 'node:module';
import type { RedisOptions } from 'ioredis';

// Loaded through require, as OpenTelemetry's ioredis instrumentation patches required modules only:
// an ESM import of ioredis would never be traced.
const { Redis } = createRequire(import.meta.url)('ioredis') as typeof import('ioredis');
type Redis = import('ioredis').Redis;

import type { Config } from '../config.js';
import type { RealtimeLogger } from '../realtime/types.js';

/** REDIS_SENTINELS and REDIS_MASTER_NAME: the Sentinels that know which server is the primary. */
export interface RedisSentinelTarget {
  sentinels: Array<{ host: string; port: number }>;
  masterName: string;
  /** REDIS_SENTINEL_PASSWORD: the Sentinels' own password. */
  sentinelPassword?: string;
}

/** Where the gateway's Redis is: one server (REDIS_URL), or the primary that Sentinel names. */
export type RedisTarget = (
  | {
      /** REDIS_URL: `redis://` or `rediss://` (TLS), with the password in it when the server needs one. */
      url: string;
      sentinel?: undefined;
    }
  | { sentinel: RedisSentinelTarget; url?: undefined }
) & {
  /** A password kept out of the URL (REDIS_PASSWORD); the URL's own wins when both are set. */
  password?: string;
};

export type RedisConnectionOptions = RedisTarget & {
  /** What the connection is for ('commands', 'export-subscriber'…): its client name and log field. */
  role: string;
  logger: Pick<RealtimeLogger, 'warn'>;
  /** Connect on the first command instead of at once (the gateway connects at once). */
  lazyConnect?: boolean;
  /** The clock the repeated-error log is spaced by. */
  now?: () => number;
  /** The longest a command of this connection blocks on purpose (XREAD BLOCK): added to its timeout. */
  blocksForMs?: number;
};

/** The Redis the configuration names, or null on a single replica (no REDIS_URL, no Sentinel). */
export function redisTarget(
  config: Pick<
    Config,
    'REDIS_URL' | 'REDIS_SENTINELS' | 'REDIS_MASTER_NAME' | 'REDIS_SENTINEL_PASSWORD' | 'REDIS_PASSWORD'
  >,
): RedisTarget | null {
  const password = config.REDIS_PASSWORD ? { password: config.REDIS_PASSWORD } : {};
  if (config.REDIS_URL) return { url: config.REDIS_URL, ...password };
  // loadConfig requires the master name with the Sentinels.
  if (config.REDIS_SENTINELS.length === 0 || !config.REDIS_MASTER_NAME) return null;
  return {
    sentinel: {
      sentinels: config.REDIS_SENTINELS,
      masterName: config.REDIS_MASTER_NAME,
      ...(config.REDIS_SENTINEL_PASSWORD ? { sentinelPassword: config.REDIS_SENTINEL_PASSWORD } : {}),
    },
    ...password,
  };
}

/**
 * How long a command waits for Redis's answer. A server that stops answering without closing the
 * connection (frozen, or a network cut that drops packets) then fails calls as unreachable (503 with
 * Retry-After, sessions seen lately served from memory) instead of holding every request until its
 * own timeout; ioredis's error reads "Command timed out", which `isRedisUnavailable` knows.
 */
export const REDIS_COMMAND_TIMEOUT_MS = 2000;

/** The longest pause between two reconnect attempts of a gateway connection. */
export const RECONNECT_MAX_DELAY_MS = 2000;

/** Connection errors of one connection are logged at most this often: ioredis repeats them on every retry. */
const ERROR_LOG_EVERY_MS = 10_000;

/** The ioredis options every gateway connection uses. */
export function redisConnectionOptions(opts: RedisConnectionOptions): RedisOptions {
  const common: RedisOptions = {
    connectionName: `waybill-gateway-${opts.role}`,
    // Fail a command after a few reconnect attempts instead of queueing it forever.
    maxRetriesPerRequest: 3,
    // Reconnect without end, 200 ms more after each failed attempt, at most 2 s apart.
    retryStrategy: (times) => Math.min(times * 200, RECONNECT_MAX_DELAY_MS),
    lazyConnect: opts.lazyConnect ?? false,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS + (opts.blocksForMs ?? 0),
    ...(opts.password ? { password: opts.password } : {}),
  };
  if (opts.sentinel) {
    return {
      ...common,
      sentinels: opts.sentinel.sentinels,
      name: opts.sentinel.masterName,
      ...(opts.sentinel.sentinelPassword ? { sentinelPassword: opts.sentinel.sentinelPassword } : {}),
      // Reconnect when the Sentinels announce a new primary, even if the old one still answers.
      failoverDetector: true,
      // A primary demoted to a replica refuses writes: reconnect (Sentinel names the new one) and resend.
      reconnectOnError: (error) => (error.message.startsWith('READONLY') ? 2 : false),
    };
  }
  // ioredis turns TLS on only for a URL spelt `rediss://` in lower case: the scheme decides here.
  return { ...common, ...(new URL(opts.url).protocol === 'rediss:' ? { tls: {} } : {}) };
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
  const options = redisConnectionOptions(opts);
  const client = opts.sentinel ? new Redis(options) : new Redis(opts.url, options);
  const now = opts.now ?? Date.now;
  let lastLogged = Number.NEGATIVE_INFINITY;
  client.on('error', (error: Error) => {
    if (now() - lastLogged < ERROR_LOG_EVERY_MS) return;
    lastLogged = now();
    opts.logger.warn({ err: error.message, role: opts.role }, 'redis connection error');
  });
  keepConnecting(client, opts);
  return client;
}

/**
 * ioredis gives a connection up for good ("Connection is closed." on every command) when a reconnect
 * attempt is cancelled while it runs: with Sentinel, the failover detector of the connection that
 * just dropped cancels it as the Sentinels announce the new primary, so a failover can leave a
 * replica without its change stream or sessions until it restarts. Only the gateway closes its
 * connections (quit, or disconnect without reconnecting); any other end is connected again.
 */
function keepConnecting(client: Redis, opts: RedisConnectionOptions): void {
  let closing = false;
  const quit = client.quit.bind(client);
  const disconnect = client.disconnect.bind(client);
  client.quit = ((...args: Parameters<Redis['quit']>) => {
    closing = true;
    return quit(...args);
  }) as Redis['quit'];
  client.disconnect = (reconnect = false) => {
    if (!reconnect) closing = true;
    disconnect(reconnect);
  };
  client.on('end', () => {
    if (closing) return;
    opts.logger.warn({ role: opts.role }, 'redis connection given up by the client; connecting again');
    const timer = setTimeout(() => {
      if (!closing) client.connect().catch(() => undefined);
    }, RECONNECT_RETRY_AFTER_END_MS);
    timer.unref();
  });
}

/** The pause before connecting again a connection ioredis gave up (its own first retry is 200 ms). */
const RECONNECT_RETRY_AFTER_END_MS = 200;
