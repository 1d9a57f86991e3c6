import { type RunningSim, startSim } from '@waybill/backend-sim';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { metricsText, type RunningGateway, startGateway } from '../helpers.js';
import { DEMO } from '../sim-stack.js';
import { type RedisServer, startRedis } from './redis-server.js';

/** Two deployments on one Redis: staging (two replicas) and production (one), told apart by prefix. */
let redis: RedisServer;
let sim: RunningSim;
let stagingA: RunningGateway;
let stagingB: RunningGateway;
let production: RunningGateway;
const SIGNIN_RATE_MAX = 4;

beforeAll(async () => {
  redis = await startRedis();
  sim = await startSim({ port: 0, tickMs: 0 });
  const env = (prefix: string) => ({
    BACKEND_URL: sim.url,
    REDIS_URL: redis.url,
    REDIS_KEY_PREFIX: prefix,
    SIGNIN_RATE_MAX: String(SIGNIN_RATE_MAX),
  });
  [stagingA, stagingB, production] = await Promise.all([
    startGateway(env('staging:')),
    startGateway(env('staging:')),
    startGateway(env('prod:')),
  ]);
}, 60_000);

afterAll(async () => {
  await Promise.all([stagingA?.close(), stagingB?.close(), production?.close()]);
  await sim?.close();
  await redis?.stop();
});

const signIn = (gateway: RunningGateway, password = DEMO.password) =>
  fetch(`${gateway.url}/trpc/auth.passwordLogin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEMO.email, password, bearer: true }),
  });

const meCode = async (gateway: RunningGateway, token: string) => {
  const response = await fetch(`${gateway.url}/trpc/users.me`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const body = (await response.json()) as { error?: { data: { code: string } } };
  return body.error?.data.code ?? 'OK';
};

const metric = async (gateway: RunningGateway, name: string) => {
  const line = (await metricsText(gateway.url)).split('\n').find((l) => l.startsWith(`${name} `));
  return line === undefined ? undefined : Number(line.split(' ').at(-1));
};

describe('deployments sharing one Redis (REDIS_KEY_PREFIX)', () => {
  it('keep their own sessions, keys and session counts: a staging session is unknown to production', async () => {
    const login = (await (await signIn(stagingA)).json()) as { result: { data: { token: string } } };
    const token = login.result.data.token;
    expect(await meCode(stagingB, token)).toBe('OK');
    expect(await meCode(production, token)).toBe('UNAUTHORIZED');

    const client = new Redis(redis.url);
    try {
      const keys = await client.keys('*');
      expect(keys.length).toBeGreaterThan(0);
      expect(keys.filter((k) => !k.startsWith('staging:') && !k.startsWith('prod:'))).toEqual([]);
      expect(keys.some((k) => k.startsWith('staging:session:'))).toBe(true);
      expect(keys.some((k) => k.startsWith('prod:session:'))).toBe(false);
    } finally {
      client.disconnect();
    }
    expect(await metric(stagingB, 'waybill_sessions')).toBe(1);
    expect(await metric(production, 'waybill_sessions')).toBe(0);
    expect(await metric(production, 'waybill_redis_up')).toBe(1);

    await fetch(`${stagingB.url}/trpc/auth.logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    });
    expect(await metric(stagingA, 'waybill_sessions')).toBe(0);
  });

  it("count sign-in attempts over all of a deployment's replicas, and only its own", async () => {
    const statuses: number[] = [];
    // Alternating replicas: each alone would allow SIGNIN_RATE_MAX attempts.
    for (let attempt = 0; attempt <= SIGNIN_RATE_MAX; attempt += 1)
      statuses.push((await signIn(attempt % 2 === 0 ? stagingA : stagingB, 'wrong-password')).status);
    // One attempt was spent by the first test's sign-in on stagingA.
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(1);
    expect(statuses.at(-1)).toBe(429);
    expect((await signIn(stagingB, 'wrong-password')).status).toBe(429);
    // Production's own count is untouched.
    expect((await signIn(production, 'wrong-password')).status).not.toBe(429);
  });
});
