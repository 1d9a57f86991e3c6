import { startSim } from '@waybill/backend-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RedisServer, startRedis } from '../scale/redis-server.js';
import { type Hardened, type Sim, startHardened } from './stack.js';

/** With REDIS_URL, an account's failed sign-ins are one budget over every replica, not one per replica. */
const MAX = 3;
let redis: RedisServer;
let sim: Sim;
let replicas: Hardened[] = [];

beforeAll(async () => {
  redis = await startRedis();
  sim = await startSim({ port: 0, tickMs: 0 });
  const env = {
    BACKEND_URL: sim.url,
    REDIS_URL: redis.url,
    SIGNIN_ACCOUNT_FAILURES_MAX: String(MAX),
    SIGNIN_ACCOUNT_WINDOW_MS: '900000',
  };
  replicas = [await startHardened(env), await startHardened(env)];
}, 60_000);

afterAll(async () => {
  await Promise.all(replicas.map((r) => r.close()));
  await sim?.close();
  await redis?.stop();
});

async function signIn(replica: Hardened, password: string) {
  const res = await fetch(`${replica.url}/trpc/auth.passwordLogin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'dev@example.com', password, bearer: true }),
  });
  const body = (await res.json()) as { error?: { data: { limit?: string } } };
  return { status: res.status, limit: body.error?.data.limit ?? null };
}

describe('failed sign-ins per account over replicas sharing Redis', () => {
  it('counts the failures made on every replica against one budget, under a key that does not name the e-mail', async () => {
    const [a, b] = replicas as [Hardened, Hardened];
    // A success on either replica takes back its own attempt: it is no failure.
    expect((await signIn(a, 'waybill-demo')).status).toBe(200);
    expect((await signIn(a, 'wrong-1')).status).toBe(401);
    expect((await signIn(b, 'wrong-2')).status).toBe(401);
    expect((await signIn(b, 'waybill-demo')).status).toBe(200);
    expect((await signIn(a, 'wrong-3')).status).toBe(401);
    expect(await signIn(b, 'waybill-demo')).toEqual({ status: 429, limit: 'SIGNIN_ACCOUNT_FAILURES_MAX' });
    expect(await signIn(a, 'waybill-demo')).toEqual({ status: 429, limit: 'SIGNIN_ACCOUNT_FAILURES_MAX' });

    const client = redis.connect();
    const keys = await client.keys('*signin-failures:*');
    const hash = a.app.services.signInAccounts.accountHash('dev@example.com');
    expect(keys).toEqual([`waybill:signin-failures:${hash}`]);
    expect(keys[0]).not.toContain('dev');
    expect(await client.get(keys[0]!)).toBe(String(MAX));
    expect(await client.pttl(keys[0]!)).toBeGreaterThan(0);
  });
});
