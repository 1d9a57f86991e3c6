import { AUTH_COOKIE_NAME } from '@waybill/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WS_CLOSE } from '../../src/security/index.js';
import { Browser, consentAs } from '../auth/browser.js';
import { openSocket, sleep } from '../hardening/stack.js';
import { type Replica, type ReplicaStack, STACK_START_MS, startReplicaStack } from './replicas.js';

const DEMO = { email: 'ops@example.com', password: 'waybill-demo' };
/** Long enough that each request below lands well inside the timeout it relies on. */
const IDLE_MS = 5000;

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

  it('an idle session expires for every replica', { timeout: 90_000 }, async () => {
    const [a, b, c] = replicas as [Replica, Replica, Replica];
    const timedMe = async (replica: Replica, headers: Record<string, string>) => {
      const start = Date.now();
      const code = await me(replica, headers);
      return { code, start, end: Date.now() };
    };
    // Redis restarts the idle timeout while it serves a request, between the request's start and its
    // answer. "Still alive" is only certain when the answer came back within IDLE_MS of the start of
    // the request that last restarted it (less a little for the clocks' rounding); a round too slow
    // to tell starts over with a new session.
    const certain = (end: number, since: number) => end - since < IDLE_MS - 50;
    const slowRounds: string[] = [];
    let proven: { auth: Record<string, string>; lastUse: number } | null = null;
    for (let round = 0; round < 3 && !proven; round++) {
      const signInStart = Date.now();
      const token = await bearerSignIn(a);
      const signedIn = Date.now();
      const auth = { authorization: `Bearer ${token}` };
      // Half the idle timeout passes before the use on b.
      await sleep(IDLE_MS / 2);
      // Use on one replica restarts the idle timeout for all.
      const onB = await timedMe(b, auth);
      if (onB.code !== '200' && !certain(onB.end, signInStart)) {
        slowRounds.push(`b answered ${onB.end - signInStart} ms after the sign-in started`);
        continue;
      }
      expect(onB.code).toBe('200');
      // Past the sign-in's idle timeout: only the use on b can keep the session alive now.
      await sleep(Math.max(0, signedIn + IDLE_MS + 250 - Date.now()));
      const onC = await timedMe(c, auth);
      if (onC.code !== '200' && !certain(onC.end, onB.start)) {
        slowRounds.push(`c answered ${onC.end - onB.start} ms after the use on b started`);
        continue;
      }
      expect(onC.code).toBe('200');
      proven = { auth, lastUse: onC.end };
    }
    if (!proven) throw new Error(`no round was quick enough to tell: ${slowRounds.join('; ')}`);
    // Idle since the use on c: any request before its timeout is over would restart it again.
    await sleep(Math.max(0, proven.lastUse + IDLE_MS + 250 - Date.now()));
    for (const replica of replicas) expect(await me(replica, proven.auth), replica.name).toBe('UNAUTHORIZED');
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
