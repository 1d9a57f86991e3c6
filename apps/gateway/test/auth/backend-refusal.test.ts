import { startSim } from '@waybill/backend-sim';
import { AUTH_COOKIE_NAME } from '@waybill/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WS_CLOSE } from '../../src/security/index.js';
import { type FaultProxy, startFaultProxy } from '../hardening/fault-proxy.js';
import { type Hardened, openSocket, type Sim, startHardened } from '../hardening/stack.js';
import { Browser } from './browser.js';

const DEMO = { email: 'ops@example.com', password: 'waybill-demo' };
/** What the console and scripts may retry: the backend failed, the session did not. */
const RETRYABLE = ['BAD_GATEWAY', 'GATEWAY_TIMEOUT', 'SERVICE_UNAVAILABLE', 'TIMEOUT'];

let sim: Sim;
let proxy: FaultProxy;
let stack: Hardened;

beforeAll(async () => {
  sim = await startSim({ port: 0, tickMs: 0, control: true });
  proxy = await startFaultProxy(sim.url);
  stack = await startHardened({ BACKEND_URL: proxy.url });
});
afterAll(async () => {
  await stack?.close();
  await proxy?.close();
  await sim?.close();
});

async function signedIn(): Promise<{ browser: Browser; backendToken: string }> {
  const browser = new Browser(stack.url);
  expect((await browser.mutate('auth.passwordLogin', DEMO)).status).toBe(200);
  const id = String(browser.cookies.get(AUTH_COOKIE_NAME));
  const session = await stack.app.services.sessions.resolve(id);
  if (!session) throw new Error('no session after sign-in');
  // As once the gateway's short users.me cache has run out: the next check asks the backend.
  stack.app.services.reference.forget(session.token);
  return { browser, backendToken: session.token };
}

/** The raw Set-Cookie lines of an answer that would touch the session cookie. */
const sessionCookieLines = (headers: Headers) =>
  headers.getSetCookie().filter((line) => line.startsWith(`${AUTH_COOKIE_NAME}=`));

describe('a backend outage never ends a gateway session', () => {
  it.each([
    ['answers 503 on users.me', () => sim.control.setFault({ kind: 'down', paths: ['/users/me'] })],
    ['cannot be reached', () => proxy.setMode('down')],
  ])(
    'the backend %s: a retryable error, the cookie kept, and the session works once it recovers',
    async (_, fail) => {
      const { browser } = await signedIn();
      const cookie = browser.cookies.get(AUTH_COOKIE_NAME);
      fail();
      try {
        // What the console asks on a reload: who is signed in, then who the user is.
        for (const path of ['auth.session', 'users.me']) {
          const answer = await browser.query(path);
          expect(answer.status, path).toBeGreaterThanOrEqual(500);
          expect(RETRYABLE, path).toContain(answer.body.error?.data.code);
          expect(sessionCookieLines(answer.headers), path).toEqual([]);
        }
      } finally {
        sim.control.setFault(null);
        proxy.setMode('pass');
      }
      expect(browser.cookies.get(AUTH_COOKIE_NAME)).toBe(cookie);
      const back = await browser.query('auth.session');
      expect(back.body.result?.data.user).toMatchObject({ email: DEMO.email });
      expect((await browser.query('users.me')).status).toBe(200);
    },
  );
});

describe('the backend refusing the token (401) ends the gateway session', () => {
  it('auth.session: signed out, the cookie cleared, the session refused from then on and its websockets closed', async () => {
    const { browser, backendToken } = await signedIn();
    const cookie = browser.header();
    const live = await openSocket(stack.wsUrl, cookie);
    live.ws.send(
      JSON.stringify({ id: 1, method: 'subscription', params: { path: 'orders.live', input: {} } }),
    );
    await live.next((m) => (m as { result?: { type?: string } }).result?.type === 'started');

    sim.control.revokeToken(backendToken);
    const answer = await browser.query('auth.session');
    expect(answer.body.result?.data.user).toBeNull();
    expect(sessionCookieLines(answer.headers)).toEqual([
      expect.stringMatching(/Max-Age=0|Expires=Thu, 01 Jan 1970/),
    ]);
    expect(browser.cookies.has(AUTH_COOKIE_NAME)).toBe(false);
    expect((await live.closed).code).toBe(WS_CLOSE.signedOut);

    // The same cookie, sent again (another tab that still has it): the session is gone.
    const replay = await fetch(`${stack.url}/trpc/users.me`, { headers: cookie });
    const body = (await replay.json()) as { error: { message: string; data: { code: string } } };
    expect(body.error.data.code).toBe('UNAUTHORIZED');
    expect(body.error.message).toContain('the session has ended');
  });

  it('any other call: UNAUTHORIZED, the cookie cleared, the session ended', async () => {
    const { browser, backendToken } = await signedIn();
    const cookie = browser.header();
    sim.control.revokeToken(backendToken);
    const answer = await browser.query('users.all');
    expect(answer.body.error?.data.code).toBe('UNAUTHORIZED');
    expect(sessionCookieLines(answer.headers)).toHaveLength(1);
    expect(browser.cookies.has(AUTH_COOKIE_NAME)).toBe(false);
    const replay = await fetch(`${stack.url}/trpc/auth.session`, { headers: cookie });
    expect(((await replay.json()) as { result: { data: { user: unknown } } }).result.data.user).toBeNull();
  });
});
