import type { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { createRedisConnection, redisConnectionOptions, redisTarget } from './redis-connection.js';

// No server: the options are checked as built, and the error log on a connection that never
// connects (lazyConnect) fed errors by hand, on a clock the test moves.

const logger = () => {
  const lines: Array<{ obj: object; msg?: string }> = [];
  return { lines, warn: (obj: object, msg?: string) => lines.push({ obj, msg }) };
};
const opened: Redis[] = [];
afterEach(() => {
  for (const client of opened.splice(0)) client.disconnect();
});

describe('redisConnectionOptions', () => {
  it('names the connection, bounds retries per command and reconnects at most 2 s apart', () => {
    const options = redisConnectionOptions({
      url: 'redis://127.0.0.1:6379',
      role: 'commands',
      logger: logger(),
    });
    expect(options).toMatchObject({
      connectionName: 'waybill-gateway-commands',
      maxRetriesPerRequest: 3,
      lazyConnect: false,
    });
    expect([1, 2, 5, 10, 100].map((n) => options.retryStrategy!(n))).toEqual([200, 400, 1000, 2000, 2000]);
    expect(options.tls).toBeUndefined();
    expect(options.password).toBeUndefined();
  });

  it('speaks TLS for rediss://, however the scheme is spelt, and takes a password kept out of the URL', () => {
    for (const url of ['rediss://cache.example:6380', 'REDISS://cache.example:6380'])
      expect(redisConnectionOptions({ url, role: 'r', logger: logger() }).tls, url).toEqual({});
    const options = redisConnectionOptions({
      url: 'redis://h:1',
      role: 'r',
      logger: logger(),
      password: 's3cret',
    });
    expect(options.password).toBe('s3cret');
  });
});

describe('redisConnectionOptions through Sentinel', () => {
  const sentinel = {
    sentinels: [
      { host: 's1', port: 26379 },
      { host: 's2', port: 26380 },
    ],
    masterName: 'waybill',
    sentinelPassword: 'sentinel-secret',
  };

  it('asks the Sentinels for the primary, follows a switch, and reconnects off a demoted primary', () => {
    const options = redisConnectionOptions({
      sentinel,
      password: 'redis-secret',
      role: 'r',
      logger: logger(),
    });
    expect(options).toMatchObject({
      sentinels: sentinel.sentinels,
      name: 'waybill',
      sentinelPassword: 'sentinel-secret',
      password: 'redis-secret',
      failoverDetector: true,
      maxRetriesPerRequest: 3,
    });
    const reconnect = options.reconnectOnError as (error: Error) => boolean | 1 | 2;
    expect(reconnect(new Error("READONLY You can't write against a read only replica."))).toBe(2);
    expect(reconnect(new Error('ERR unknown command'))).toBe(false);
  });

  it('is what the configuration names: the URL, the Sentinels, or nothing on a single replica', () => {
    const base = { REDIS_URL: undefined, REDIS_SENTINELS: [], REDIS_MASTER_NAME: undefined };
    const none = { ...base, REDIS_SENTINEL_PASSWORD: undefined, REDIS_PASSWORD: undefined };
    expect(redisTarget(none)).toBeNull();
    expect(redisTarget({ ...none, REDIS_URL: 'redis://r:6379', REDIS_PASSWORD: 'p' })).toEqual({
      url: 'redis://r:6379',
      password: 'p',
    });
    expect(
      redisTarget({
        ...none,
        REDIS_SENTINELS: sentinel.sentinels,
        REDIS_MASTER_NAME: 'waybill',
        REDIS_SENTINEL_PASSWORD: 'sentinel-secret',
      }),
    ).toEqual({ sentinel });
  });
});

describe('createRedisConnection', () => {
  it('keeps the password in the URL over the separate one, and connects lazily when asked', () => {
    const client = createRedisConnection({
      url: 'rediss://:in-url@cache.example:6380/2',
      role: 'r',
      logger: logger(),
      password: 'separate',
      lazyConnect: true,
    });
    opened.push(client);
    expect(client.options).toMatchObject({
      password: 'in-url',
      db: 2,
      port: 6380,
      tls: {},
      lazyConnect: true,
    });
    expect(client.status).toBe('wait');
  });

  it('logs a connection error at most every 10 s, naming the role', () => {
    let now = 50_000;
    const log = logger();
    const client = createRedisConnection({
      url: 'redis://127.0.0.1:1',
      role: 'change-reader',
      logger: log,
      lazyConnect: true,
      now: () => now,
    });
    opened.push(client);
    client.emit('error', new Error('ECONNREFUSED'));
    now += 9_999;
    client.emit('error', new Error('ECONNREFUSED'));
    now += 1;
    client.emit('error', new Error('ETIMEDOUT'));
    expect(log.lines).toEqual([
      { obj: { err: 'ECONNREFUSED', role: 'change-reader' }, msg: 'redis connection error' },
      { obj: { err: 'ETIMEDOUT', role: 'change-reader' }, msg: 'redis connection error' },
    ]);
  });
});
