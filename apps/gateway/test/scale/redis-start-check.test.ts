import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { assertRedisAnswers, describeRedisTarget } from '../../src/scale/redis-start-check.js';
import { freePort, type RedisServer, startRedis } from './redis-server.js';

const silent = { warn() {} };
let server: RedisServer | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

describe('the Redis check at start', () => {
  it('names the address nobody answers at, and why', async () => {
    const port = await freePort();
    const check = assertRedisAnswers({ url: `redis://:Sup3rSecret@127.0.0.1:${port}` }, silent);
    await expect(check).rejects.toThrow(
      `Cannot start: Redis at REDIS_URL=redis://127.0.0.1:${port} (password hidden) did not answer: connect ECONNREFUSED`,
    );
    await expect(check).rejects.not.toThrow(/Sup3rSecret/);
  }, 30_000);

  it('names a refused password, and passes once the password is right', async () => {
    server = await startRedis();
    await server.connect().config('SET', 'requirepass', 'the-right-one');
    const url = (password: string) => `redis://:${password}@127.0.0.1:${server!.port}`;
    await expect(assertRedisAnswers({ url: url('a-wrong-one') }, silent)).rejects.toThrow(
      /Cannot start: Redis at REDIS_URL=redis:\/\/127\.0\.0\.1:\d+ \(password hidden\) did not answer: WRONGPASS/,
    );
    await expect(assertRedisAnswers({ url: url('the-right-one') }, silent)).resolves.toBeUndefined();
  }, 30_000);

  it('describes Sentinels by their addresses and the primary they name', () => {
    expect(
      describeRedisTarget({
        sentinel: {
          sentinels: [
            { host: '10.0.0.1', port: 26379 },
            { host: 'sentinel-b', port: 26380 },
          ],
          masterName: 'waybill',
        },
      }),
    ).toBe('REDIS_SENTINELS=10.0.0.1:26379,sentinel-b:26380 (REDIS_MASTER_NAME=waybill)');
  });

  it('stops the gateway process with that one line, no stack trace', async () => {
    const port = await freePort();
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: fileURLToPath(new URL('../..', import.meta.url)),
      env: { ...process.env, PORT: '0', LOG_LEVEL: 'error', REDIS_URL: `redis://127.0.0.1:${port}` },
      encoding: 'utf8',
      timeout: 90_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toBe(
      `Cannot start: Redis at REDIS_URL=redis://127.0.0.1:${port} did not answer: connect ECONNREFUSED 127.0.0.1:${port}`,
    );
  }, 120_000);
});
