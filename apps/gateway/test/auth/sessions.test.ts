import { AUTH_COOKIE_NAME } from '@waybill/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { idleWriteSlackMs } from '../../src/auth/session-expiry.js';
import { WS_CLOSE } from '../../src/security/index.js';
import { type Hardened, openSocket, type RawSocket, startHardened } from '../hardening/stack.js';
import { Browser } from './browser.js';

const DEMO = { email: 'ops@example.com', password: 'waybill-demo' };
const SESSION_ID = /^wbs_[A-Za-z0-9_-]{43}$/;

let stack: Hardened;

beforeAll(async () => {
  stack = await startHardened();
});

afterAll(async () => {
  await stack?.close();
});

const subscribe = (s: RawSocket, id: number) =>
  s.ws.send(JSON.stringify({ id, method: 'subscription', params: { path: 'orders.live', input: {} } }));
/** The first answer to subscription `id`: 'started', or the error code. */
const answer = async (s: RawSocket, id: number) => {
  const m = (await s.next((x) => (x as { id?: number }).id === id)) as {
    result?: { type: string };
    error?: { data: { code: string } };
  };
  return m.result?.type ?? m.error?.data.code;
};
const meStatus = async (headers: Record<string, string>) => {
  const response = await fetch(`${stack.url}/trpc/users.me`, { headers });
  const body = (await response.json()) as { error?: { data: { code: string } } };
  return { status: response.status, code: body.error?.data.code ?? 'OK' };
};
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('browser sessions', () => {
  it('keeps the backend token on the server: no token in the answer, an opaque session id in the cookie', async () => {
    const browser = new Browser(stack.url);
    const response = await fetch(`${stack.url}/trpc/auth.passwordLogin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(DEMO),
    });
    browser.remember(response);
    const text = await response.text();
    expect(response.status).toBe(200);
    expect(JSON.parse(text).result.data).not.toHaveProperty('token');
    // The sim's backend tokens start with wbt_: none reaches the browser, in the body or a cookie.
    expect(text).not.toContain('wbt_');
    expect(response.headers.get('set-cookie')).not.toContain('wbt_');
    expect(browser.cookies.get(AUTH_COOKIE_NAME)).toMatch(SESSION_ID);
    expect((await browser.query('users.me')).status).toBe(200);
  });

  it('logout revokes the cookie session: later calls and new websockets are refused, open ones close', async () => {
    const browser = new Browser(stack.url);
    await browser.mutate('auth.passwordLogin', DEMO);
    const cookie = browser.header();
    const open = await openSocket(stack.wsUrl, cookie);
    subscribe(open, 1);
    expect(await answer(open, 1)).toBe('started');

    expect((await browser.mutate('auth.logout')).status).toBe(200);
    expect(await open.closed).toEqual({ code: WS_CLOSE.signedOut, reason: 'signed out' });
    // The same cookie, replayed after logout (e.g. copied before), is dead.
    expect(await meStatus(cookie)).toEqual({ status: 401, code: 'UNAUTHORIZED' });
    const late = await openSocket(stack.wsUrl, cookie);
    subscribe(late, 1);
    expect(await answer(late, 1)).toBe('UNAUTHORIZED');
    late.ws.close();
  });

  it('logout revokes a bearer session id for HTTP and websocket connectionParams', async () => {
    const script = new Browser(stack.url);
    const login = await script.mutate('auth.passwordLogin', { ...DEMO, bearer: true });
    const token = String(login.body.result?.data.token);
    expect(token).toMatch(SESSION_ID);
    // A bearer sign-in sets no cookie.
    expect(script.cookies.has(AUTH_COOKIE_NAME)).toBe(false);
    expect(await meStatus(bearer(token))).toEqual({ status: 200, code: 'OK' });
    const live = await openSocket(`${stack.wsUrl}?connectionParams=1`);
    live.ws.send(JSON.stringify({ method: 'connectionParams', data: { token } }));
    subscribe(live, 1);
    expect(await answer(live, 1)).toBe('started');

    const out = await fetch(`${stack.url}/trpc/auth.logout`, {
      method: 'POST',
      headers: { ...bearer(token), 'content-type': 'application/json' },
    });
    expect(out.status).toBe(200);
    expect((await live.closed).code).toBe(WS_CLOSE.signedOut);
    expect(await meStatus(bearer(token))).toEqual({ status: 401, code: 'UNAUTHORIZED' });
    const again = await openSocket(`${stack.wsUrl}?connectionParams=1`);
    again.ws.send(JSON.stringify({ method: 'connectionParams', data: { token } }));
    subscribe(again, 1);
    expect(await answer(again, 1)).toBe('UNAUTHORIZED');
    again.ws.close();
  });
});

/**
 * The session clock is faked (only `Date`: sockets and timers stay real). The gateway is built after
 * faking it, so its session store reads the fake clock, and each step moves time on exactly.
 */
describe('session lifetimes', () => {
  afterEach(() => vi.useRealTimers());
  const advance = (ms: number) => vi.setSystemTime(Date.now() + ms);

  it('ends a session after SESSION_IDLE_MS without requests; each request restarts the wait', async () => {
    const idleMs = 1500;
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const quick = await startHardened({ SESSION_IDLE_MS: String(idleMs) });
    try {
      const me = async () => (await fetch(`${quick.url}/trpc/users.me`, { headers: bearer(token) })).status;
      const token = await quick.signIn();
      // Three uses 900 ms apart keep the session alive for 2.7 s, past the idle timeout; each lands
      // short of the idle deadline less the slack a use may store it with.
      expect(900).toBeLessThan(idleMs - idleWriteSlackMs(idleMs));
      for (let i = 0; i < 3; i++) {
        advance(900);
        expect(await me(), `use ${i + 1}, 900 ms after the previous one`).toBe(200);
      }
      advance(idleMs);
      expect(await me()).toBe(401);
    } finally {
      await quick.close();
    }
  });

  it('ends a session at SESSION_MAX_MS however busy it is, and sizes the cookie to it', async () => {
    const maxMs = 2000;
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const short = await startHardened({ SESSION_MAX_MS: String(maxMs) });
    try {
      const response = await fetch(`${short.url}/trpc/auth.passwordLogin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(DEMO),
      });
      expect(response.headers.get('set-cookie')).toContain('Max-Age=2;');
      const cookie = { cookie: (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '' };
      const me = async () => (await fetch(`${short.url}/trpc/users.me`, { headers: cookie })).status;
      // Busy every 300 ms until just before the end: use does not extend the lifetime.
      for (let at = 300; at < maxMs; at += 300) {
        advance(300);
        expect(await me(), `${at} ms after sign-in`).toBe(200);
      }
      advance(maxMs);
      expect(await me()).toBe(401);
    } finally {
      await short.close();
    }
  });
});
