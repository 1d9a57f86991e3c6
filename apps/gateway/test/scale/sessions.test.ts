import { AUTH_COOKIE_NAME } from '@waybill/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sessionKey } from '../../src/auth/session-expiry.js';
import { redisKeys } from '../../src/scale/redis-keys.js';
import { WS_CLOSE } from '../../src/security/index.js';
import { Browser, consentAs } from '../auth/browser.js';
import { openSocket } from '../hardening/stack.js';
import { type Replica, type ReplicaStack, STACK_START_MS, startReplicaStack } from './replicas.js';

const DEMO = { email: 'ops@example.com', password: 'waybill-demo' };
/** Long enough that each request below lands well inside the timeout it relies on. */
const IDLE_MS = 5000;
const WAIT = { timeout: 20_000, interval: 50 };

describe('gateway sessions across three replicas on one Redis', { timeout: 30_000 }, () => {
  let stack: ReplicaStack;
  let replicas: Replica[] = [];

  const me = async (replica: Replica, headers: Record<string, string>) => {
    const response = await fetch(`${replica.url}/trpc/users.me`, { headers });
    const body = (await response.json()) as { error?: { data: { code: string } } };
    return body.error?.data.code ?? String(response.status);
  };
  const bearerSignIn = async (replica: Replica) => {
    const login = await new Browser(replica.url).mutate('auth.passwordLogin', { ...DEMO, bearer: true });
    return String(login.body.result?.data.token);
  };

  beforeAll(async () => {
    stack = await startReplicaStack({ names: ['a', 'b', 'c'], env: { SESSION_IDLE_MS: String(IDLE_MS) } });
    ({ replicas } = stack);
  }, STACK_START_MS);

  afterAll(async () => {
    await stack?.close();
  });

  it('a session made on one replica works on all; logout on another refuses it everywhere and closes its websockets', async () => {
    const [a, b, c] = replicas as [Replica, Replica, Replica];
    const token = await bearerSignIn(a);
    const auth = { authorization: `Bearer ${token}` };
    for (const replica of replicas) expect(await me(replica, auth), replica.name).toBe('200');

    const live = await openSocket(`${c.url.replace('http', 'ws')}/trpc?connectionParams=1`);
    live.ws.send(JSON.stringify({ method: 'connectionParams', data: { token } }));
    live.ws.send(
      JSON.stringify({ id: 1, method: 'subscription', params: { path: 'orders.live', input: {} } }),
    );
    await live.next((m) => (m as { result?: { type?: string } }).result?.type === 'started');

    const out = await fetch(`${b.url}/trpc/auth.logout`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
    });
    expect(out.status).toBe(200);
    expect((await live.closed).code).toBe(WS_CLOSE.signedOut);
    for (const replica of replicas) expect(await me(replica, auth), replica.name).toBe('UNAUTHORIZED');
  });

  it('an idle session expires for every replica', async () => {
    const [a, b, c] = replicas as [Replica, Replica, Replica];
    const redis = stack.redis.connect();
    const token = await bearerSignIn(a);
    const auth = { authorization: `Bearer ${token}` };
    // The session's idle timeout is its Redis key's TTL, shared by every replica. Reading it does not
    // use the session, so the test waits on it instead of on the clock.
    const key = redisKeys().session(sessionKey(token));
    const ttl = async () => Number(await redis.pttl(key));
    expect(await ttl()).toBeGreaterThan(0);
    await vi.waitFor(async () => expect(await ttl()).toBeLessThan(IDLE_MS / 2), WAIT);
    // Use on one replica restarts the idle timeout for all.
    expect(await me(b, auth)).toBe('200');
    expect(await ttl()).toBeGreaterThan(IDLE_MS / 2);
    expect(await me(c, auth)).toBe('200');
    // Left idle, the key expires, and every replica refuses the session.
    await vi.waitFor(async () => expect(await redis.exists(key)).toBe(0), WAIT);
    for (const replica of replicas) expect(await me(replica, auth), replica.name).toBe('UNAUTHORIZED');
  });

  it('Google sign-in started on one replica finishes on another, once', async () => {
    const [a, b, c] = replicas as [Replica, Replica, Replica];
    const browser = new Browser(a.url);
    const link = await browser.query('auth.googleAuthorizationLink');
    const back = await consentAs(String(link.body.result?.data.authorization_url), DEMO.email);
    const twin = new Browser(c.url);
    for (const [name, value] of browser.cookies) twin.cookies.set(name, value);

    const onB = new Browser(b.url);
    for (const [name, value] of browser.cookies) onB.cookies.set(name, value);
    const done = await onB.mutate('auth.googleCallback', back);
    expect(done.status).toBe(200);
    expect(onB.cookies.get(AUTH_COOKIE_NAME)).toMatch(/^wbs_/);
    expect(await me(c, onB.header())).toBe('200');
    // The same state, replayed on a third replica, was already used.
    expect((await twin.mutate('auth.googleCallback', back)).status).toBe(403);
  });
});
