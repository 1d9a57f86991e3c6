import { startSim } from '@waybill/backend-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RedisServer, startRedis } from '../scale/redis-server.js';
import { type Hardened, type Sim, startHardened } from './stack.js';

/** With REDIS_URL, a user's comment pace is one budget over every replica, not one per replica. */
let redis: RedisServer;
let sim: Sim;
let replicas: Hardened[] = [];

beforeAll(async () => {
  redis = await startRedis();
  sim = await startSim({ port: 0, tickMs: 0 });
  const env = {
    BACKEND_URL: sim.url,
    REDIS_URL: redis.url,
    COMMENT_RATE_MAX: '3',
    COMMENT_RATE_WINDOW_MS: '600000',
  };
  replicas = [await startHardened(env), await startHardened(env)];
}, 60_000);

afterAll(async () => {
  await Promise.all(replicas.map((r) => r.close()));
  await sim?.close();
  await redis?.stop();
});

async function addComment(replica: Hardened, token: string, orderUid: string) {
  const res = await fetch(`${replica.url}/trpc/orders.comments.add`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ orderUid, text: 'Called the courier' }),
  });
  const body = (await res.json()) as { error?: { message: string } };
  return { status: res.status, message: body.error?.message ?? null };
}

describe('comment pace over replicas sharing Redis', () => {
  it('counts the comments a user adds on every replica against one budget', async () => {
    const [a, b] = replicas as [Hardened, Hardened];
    const [onA, onB] = [await a.signIn(), await b.signIn()];
    const search = await fetch(`${a.url}/trpc/orders.search?input=${encodeURIComponent('{}')}`, {
      headers: { authorization: `Bearer ${onA}` },
    });
    const uid = ((await search.json()) as { result: { data: { orders: { uid: string }[] } } }).result.data
      .orders[0]!.uid;
    expect((await addComment(a, onA, uid)).status).toBe(200);
    expect((await addComment(b, onB, uid)).status).toBe(200);
    expect((await addComment(a, onA, uid)).status).toBe(200);
    const fourth = await addComment(b, onB, uid);
    expect(fourth.status).toBe(429);
    expect(fourth.message).toMatch(/at most 3 per 600 s per user/);
  });
});
