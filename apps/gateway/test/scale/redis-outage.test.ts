import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSim } from '@waybill/backend-sim';
import { AUTH_COOKIE_NAME } from '@waybill/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newSessionId } from '../../src/auth/credentials.js';
import { sessionKey } from '../../src/auth/session-expiry.js';
import { Browser, type TrpcBody } from '../auth/browser.js';
import { type RunningGateway, startGateway, TEST_METRICS_TOKEN } from '../helpers.js';
import { type RedisServer, type StartRedisOptions, startRedis } from './redis-server.js';

const DEMO = { email: 'ops@example.com', password: 'waybill-demo' };

/** Resolves once `probe` holds (asked every 50 ms); fails after `ms` naming `what`. */
async function until(what: string, probe: () => Promise<boolean>, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (!(await probe())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Redis, backend-sim and one gateway on that Redis. */
async function startRedisStack(redisOptions: StartRedisOptions = {}) {
  const redis = await startRedis(redisOptions);
  const sim = await startSim({ port: 0, tickMs: 0 });
  const gateway = await startGateway({
    BACKEND_URL: sim.url,
    REDIS_URL: redis.url,
    WEB_DIST: '/nonexistent-web-dist',
  });
  return { redis, sim, gateway };
}

describe('a Redis restart signs nobody out', { timeout: 60_000 }, () => {
  let aofDir: string;
  let redis: RedisServer;
  let sim: Awaited<ReturnType<typeof startSim>>;
  let gateway: RunningGateway;

  beforeAll(async () => {
    aofDir = await mkdtemp(join(tmpdir(), 'waybill-redis-aof-'));
    // Persistent, as docker-compose.yml runs it: sessions outlive a restart of Redis itself.
    ({ redis, sim, gateway } = await startRedisStack({ appendOnlyDir: aofDir }));
  });
  afterAll(async () => {
    await gateway?.close();
    await sim?.close();
    await redis?.stop();
    await rm(aofDir, { recursive: true, force: true });
  });

  const signIn = async () => {
    const browser = new Browser(gateway.url);
    expect((await browser.mutate('auth.passwordLogin', DEMO)).status).toBe(200);
    expect((await browser.query('auth.session')).body.result?.data.user).toMatchObject({ email: DEMO.email });
    return browser;
  };
  const storedKey = (browser: Browser) =>
    gateway.app.scale?.keys.session(sessionKey(String(browser.cookies.get(AUTH_COOKIE_NAME)))) ?? '';
  const expectRetryLater = (answer: {
    status: number;
    headers: Headers;
    body: { error?: { data: { code: string } } };
  }) => {
    expect(answer.status).toBe(503);
    expect(answer.body.error?.data.code).toBe('SERVICE_UNAVAILABLE');
    expect(answer.headers.get('retry-after')).toBe('2');
  };

  it('serves the sessions it saw from memory, answers 503 + Retry-After for what needs Redis, and catches up after', async () => {
    const staying = await signIn();
    const leaving = await signIn();

    await redis.stop();

    // Sessions this replica saw lately still work, with the backend as usual.
    expect((await staying.query('auth.session')).body.result?.data.user).toMatchObject({ email: DEMO.email });
    expect((await staying.query('users.me')).status).toBe(200);
    // What needs Redis itself is refused with a retry hint, never a 500 or a sign-out.
    const newcomer = new Browser(gateway.url);
    expectRetryLater(await newcomer.mutate('auth.passwordLogin', DEMO));
    const unseen = await fetch(`${gateway.url}/trpc/auth.session`, {
      headers: { authorization: `Bearer ${newSessionId()}` },
    });
    expectRetryLater({
      status: unseen.status,
      headers: unseen.headers,
      body: (await unseen.json()) as TrpcBody,
    });
    // A logout cannot be confirmed: 503, the cookie kept for the retry, this replica refuses it already.
    const cookie = leaving.cookies.get(AUTH_COOKIE_NAME);
    expectRetryLater(await leaving.mutate('auth.logout'));
    expect(leaving.cookies.get(AUTH_COOKIE_NAME)).toBe(cookie);
    expect((await leaving.query('auth.session')).body.result?.data.user).toBeNull();

    redis = await startRedis({ port: redis.port, appendOnlyDir: aofDir });
    const check = redis.connect();
    // The logout made during the outage reaches Redis once it is back.
    await until(
      'the logout written to redis',
      async () => (await check.exists(storedKey(leaving))) === 0,
      15_000,
    );
    // The session kept its key through the restart (append-only file) and is served from Redis again.
    expect(await check.exists(storedKey(staying))).toBe(1);
    expect((await staying.query('auth.session')).body.result?.data.user).toMatchObject({ email: DEMO.email });
    expect((await staying.query('users.me')).status).toBe(200);
    expect((await leaving.query('auth.session')).body.result?.data.user).toBeNull();
  });
});

describe('a Redis that stops answering is an outage too, not a hang', { timeout: 60_000 }, () => {
  let redis: RedisServer;
  let sim: Awaited<ReturnType<typeof startSim>>;
  let gateway: RunningGateway;

  beforeAll(async () => {
    ({ redis, sim, gateway } = await startRedisStack());
  });
  afterAll(async () => {
    redis?.thaw();
    await gateway?.close();
    await sim?.close();
    await redis?.stop();
  });

  it('serves the sessions it saw, refuses what needs Redis with 503 + Retry-After, and scrapes say Redis is down', async () => {
    const staying = new Browser(gateway.url);
    expect((await staying.mutate('auth.passwordLogin', DEMO)).status).toBe(200);
    expect((await staying.query('users.me')).status).toBe(200);

    // Frozen: the connections stay open and nothing answers. Without a command timeout every call
    // that touches Redis waits until the request itself times out.
    redis.freeze();
    const answered = AbortSignal.timeout(20_000);
    expect((await staying.query('users.me', undefined, { signal: answered })).status).toBe(200);
    const newcomer = new Browser(gateway.url);
    const refused = await newcomer.mutate('auth.passwordLogin', DEMO, { signal: answered });
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('2');
    const scrape = await fetch(`${gateway.url}/metrics`, {
      headers: { authorization: `Bearer ${TEST_METRICS_TOKEN}` },
      signal: answered,
    });
    expect(scrape.status).toBe(200);
    expect(await scrape.text()).toMatch(/^waybill_redis_up 0$/m);

    redis.thaw();
    await until(
      'sign-in once redis answers again',
      async () => (await new Browser(gateway.url).mutate('auth.passwordLogin', DEMO)).status === 200,
      15_000,
    );
  });
});
