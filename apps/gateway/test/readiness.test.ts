import { startSim } from '@waybill/backend-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FaultMode, type FaultProxy, startFaultProxy } from './hardening/fault-proxy.js';
import { type Hardened, type Sim, startHardened } from './hardening/stack.js';
import { type RedisServer, startRedis } from './scale/redis-server.js';

let sim: Sim;
let proxy: FaultProxy;
let redis: RedisServer;
let stack: Hardened;

beforeAll(async () => {
  sim = await startSim({ port: 0, tickMs: 0, control: true });
  proxy = await startFaultProxy(sim.url);
  redis = await startRedis();
  stack = await startHardened({
    BACKEND_URL: proxy.url,
    REDIS_URL: redis.url,
    BACKEND_TIMEOUT_MS: '1000',
    CHANGE_POLL_MS: '200',
    // Each test changes the backend's behaviour and reads /readyz at once: no reused answer.
    READYZ_CACHE_MS: '0',
  });
}, 30_000);

afterAll(async () => {
  await stack?.close();
  await proxy?.close();
  await sim?.close();
  await redis?.stop();
});

interface Readiness {
  status: string;
  checks: Array<{ name: string; ok: boolean; detail?: string }>;
}

async function readyz(): Promise<{ status: number; body: Readiness }> {
  const response = await fetch(`${stack.url}/readyz`);
  return { status: response.status, body: (await response.json()) as Readiness };
}

/** Every answer a client without a session can get, as text (status line, headers and body). */
async function unauthenticatedAnswers(): Promise<Array<{ what: string; text: string }>> {
  const requests: Array<[string, RequestInit?]> = [
    ['/readyz'],
    ['/healthz'],
    ['/metrics'],
    ['/nowhere'],
    ['/assets/missing.js'],
    ['/trpc/orders.nothing'],
    ['/trpc/orders.search?input=%7B%7D'],
    ['/trpc/orders.search?input=not-json'],
    ['/trpc/orders.search?input=%7B%7D', { headers: { authorization: 'Bearer not-a-session' } }],
    ['/trpc/users.me', { headers: { cookie: 'mgmt_auth_token=not-a-session' } }],
    [
      '/trpc/auth.passwordLogin',
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'ops@example.com', password: 'wrong-password' }),
      },
    ],
    ['/exports/no-such-job/download'],
  ];
  return Promise.all(
    requests.map(async ([path, init]) => {
      const response = await fetch(`${stack.url}${path}`, init);
      const headers = [...response.headers.entries()].map(([k, v]) => `${k}: ${v}`).join('\n');
      return {
        what: `${init?.method ?? 'GET'} ${path}`,
        text: `${response.status}\n${headers}\n${await response.text()}`,
      };
    }),
  );
}

function expectNoInternalAddress(answers: Array<{ what: string; text: string }>, when: string) {
  const internal = [
    proxy.url,
    sim.url,
    redis.url,
    new URL(proxy.url).host,
    new URL(sim.url).host,
    `:${new URL(proxy.url).port}`,
    `:${new URL(sim.url).port}`,
    `:${redis.port}`,
    '127.0.0.1',
    'localhost',
    'redis://',
  ];
  for (const { what, text } of answers)
    for (const address of internal)
      expect(text, `${when}: ${what} names the internal address ${address}`).not.toContain(address);
}

describe('/readyz', () => {
  it('is ready on a healthy backend and Redis, and names no internal address', async () => {
    const { status, body } = await readyz();
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.checks.map((c) => c.name)).toEqual(['backend', 'change-poll', 'redis']);
    expectNoInternalAddress(await unauthenticatedAnswers(), 'healthy');
  });

  const unhealthy: Array<{ mode: FaultMode; what: string }> = [
    { mode: 'http-500', what: 'a 500' },
    { mode: 'garbage', what: 'bytes that are not HTTP' },
    { mode: 'bad-json', what: 'a 200 that is not JSON' },
    { mode: 'down', what: 'no answer' },
  ];
  for (const { mode, what } of unhealthy) {
    it(`is not ready while the backend answers ${what}, and names no internal address`, async () => {
      proxy.setMode(mode);
      try {
        const { status, body } = await readyz();
        expect(status, JSON.stringify(body)).toBe(503);
        expect(body.status).toBe('not ready');
        expect(body.checks.find((c) => c.name === 'backend')).toMatchObject({ ok: false });
        expectNoInternalAddress(await unauthenticatedAnswers(), mode);
      } finally {
        proxy.setMode('pass');
      }
    });
  }

  it('is not ready while the backend answers 200 with the wrong shape', async () => {
    sim.control.setFault({ kind: 'invalid', paths: ['/fulfillment_centers'] });
    try {
      const { status, body } = await readyz();
      expect(status, JSON.stringify(body)).toBe(503);
      expect(body.checks.find((c) => c.name === 'backend')).toMatchObject({ ok: false });
    } finally {
      sim.control.setFault(null);
    }
    expect((await readyz()).status).toBe(200);
  });

  it('for a replica (scope=replica): out of service until every check passed once, then in service through a backend outage', async () => {
    proxy.setMode('down');
    const fresh = await startHardened({
      BACKEND_URL: proxy.url,
      REDIS_URL: redis.url,
      BACKEND_TIMEOUT_MS: '1000',
      CHANGE_POLL_MS: '200',
      READYZ_CACHE_MS: '0',
    });
    const replica = async () => (await fetch(`${fresh.url}/readyz?scope=replica`)).status;
    try {
      // A release that never reached the backend never takes traffic.
      expect(await replica()).toBe(503);
      proxy.setMode('pass');
      expect(await replica()).toBe(200);
      // What every replica shares is down: each stays in service; the full check still says why.
      proxy.setMode('down');
      expect(await replica()).toBe(200);
      expect((await fetch(`${fresh.url}/readyz`)).status).toBe(503);
      expect((await fetch(`${fresh.url}/readyz?scope=everything`)).status).toBe(400);
    } finally {
      proxy.setMode('pass');
      await fresh.close();
    }
  }, 30_000);

  it('is not ready without Redis, and does not name it', async () => {
    await redis.stop();
    const { status, body } = await readyz();
    expect(status, JSON.stringify(body)).toBe(503);
    expect(body.checks.find((c) => c.name === 'redis')).toMatchObject({ ok: false });
    expectNoInternalAddress(await unauthenticatedAnswers(), 'redis down');
  }, 20_000);
});
