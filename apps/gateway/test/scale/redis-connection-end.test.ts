import type { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { createRedisConnection } from '../../src/scale/redis-connection.js';
import { type RedisServer, startRedis } from './redis-server.js';
import { until } from './watch-order.js';

const silent = { warn() {} };
let server: RedisServer | undefined;
let client: Redis | undefined;

afterEach(async () => {
  client?.disconnect();
  await server?.stop();
});

describe('a gateway Redis connection', () => {
  it('connects again when a reconnect attempt was cancelled under it, until the gateway closes it', {
    timeout: 30_000,
  }, async () => {
    server = await startRedis();
    const { port } = server;
    client = createRedisConnection({ url: server.url, role: 'change-reader', logger: silent });
    await until('ready', () => client?.status === 'ready');

    await server.stop();
    // What a Sentinel failover does to a connection reconnecting off the dead primary: its failover
    // detector cancels the attempt in flight, and ioredis ends the connection ("Connection is closed.").
    const connection = client as unknown as { connector: { disconnect(): void } };
    client.once('connecting', () => connection.connector.disconnect());
    await until(
      'the attempt cancelled',
      () => client?.status !== 'ready' && client?.status !== 'reconnecting',
    );
    server = await startRedis({ port });

    await until('ready again', async () => (await client!.ping().catch(() => null)) === 'PONG', 15_000);
    expect(client.status).toBe('ready');

    // Closed by the gateway: it stays closed.
    client.disconnect();
    await until('ended', () => client?.status === 'end');
    await expect(client.ping()).rejects.toThrow('Connection is closed');
  });
});
