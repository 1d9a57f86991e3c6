import { createServer } from 'node:net';
import Fastify from 'fastify';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { BackendError } from '../backend/backend-error.js';
import { makeConfig } from '../config.js';
import { errorHandlerPlugin } from '../plugins/error-handler.js';
import { isRedisUnavailable, RedisUnavailableError } from './redis-unavailable.js';

/** A loopback port nothing listens on (taken, then given back). */
function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** What ioredis rejects a command with when nothing listens: the real error, not a look-alike. */
async function refusedCommand(): Promise<unknown> {
  const client = new Redis({
    port: await closedPort(),
    host: '127.0.0.1',
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  client.on('error', () => undefined);
  try {
    await client.get('k');
    return null;
  } catch (error) {
    return error;
  } finally {
    client.disconnect();
  }
}

describe('Redis being unreachable', () => {
  it('is recognised in what ioredis rejects commands with, also wrapped as a cause', async () => {
    const error = await refusedCommand();
    expect(error).toBeInstanceOf(Error);
    expect(isRedisUnavailable(error)).toBe(true);
    expect(isRedisUnavailable(new Error('procedure failed', { cause: error }))).toBe(true);
    expect(isRedisUnavailable(new RedisUnavailableError('checking a session'))).toBe(true);
  });

  it('is not confused with a backend failure or a bug', () => {
    const backend = new BackendError('BAD_GATEWAY', 'Connection is closed', {
      path: '/users/me',
      status: null,
      error: null,
    });
    expect(isRedisUnavailable(backend)).toBe(false);
    expect(isRedisUnavailable(new TypeError('Connection is closed.'))).toBe(false);
    expect(isRedisUnavailable(new Error('boom'))).toBe(false);
  });

  it('answers a plain HTTP route 503 with Retry-After, not 500', async () => {
    const app = Fastify({ logger: false });
    await app.register(errorHandlerPlugin, { config: makeConfig({ NODE_ENV: 'production' }) });
    const cause = await refusedCommand();
    app.get('/needs-redis', async () => {
      throw cause;
    });
    const res = await app.inject({ method: 'GET', url: '/needs-redis' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('2');
    expect(res.json()).toMatchObject({ statusCode: 503, error: 'Service Unavailable' });
    await app.close();
  });
});
