import { AUTH_COOKIE_NAME } from '@waybill/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { idleWriteSlackMs } from '../../src/auth/session-expiry.js';
import { WS_CLOSE } from '../../src/security/index.js';
import { type Hardened, openSocket, type RawSocket, sleep, startHardened } from '../hardening/stack.js';
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

/** Resolves once the clock is past `instant` (ms epoch). */
const pastInstant = (instant: number) =>
  vi.waitFor(() => expect(Date.now(), 'the clock').toBeGreaterThan(instant), {
    timeout: 20_000,
    interval: 20,
  });

// The server reads its clock for a request some time between its send and its answer. A check only
// expects "alive" or "ended" where that holds wherever in between the server read it, so a slow
// machine makes fewer checks conclusive, never a wrong one.
describe('session lifetimes', { timeout: 60_000 }, () => {
  it('ends a session after SESSION_IDLE_MS without requests; each request restarts the wait', async () => {
    const idleMs = 1500;
    const quick = await startHardened({ SESSION_IDLE_MS: String(idleMs) });
    // The idle deadline a use pushes may be stored up to this much short of an exact one.
    const liveWithinMs = idleMs - idleWriteSlackMs(idleMs);
    try {
      const me = async (token: string) =>
        (await fetch(`${quick.url}/trpc/users.me`, { headers: bearer(token) })).status;
      let token = '';
      let lastAnswered = 0;
      // Three requests 900 ms apart keep the session alive for 2.7 s, past the idle timeout. Each is
      // answered within liveWithinMs of the previous send unless the machine stalls: then a refusal
      // proves nothing, and the run starts over with a new session.
      for (let run = 1; !lastAnswered; run++) {
        let lastSent = Date.now();
        token = await quick.signIn();
        for (let i = 0; i < 3; i++) {
          await sleep(900);
          const sent = Date.now();
          const status = await me(token);
          const answered = Date.now();
          if (status !== 200 && answered - lastSent >= liveWithinMs) break;
          expect(status, `request ${i + 1}, ${answered - lastSent} ms after the previous one's send`).toBe(
            200,
          );
          lastSent = sent;
          if (i === 2) lastAnswered = answered;
        }
        if (!lastAnswered && run === 5) throw new Error('five runs in a row stalled past the idle timeout');
      }
      // Idle from the last answer on: a request sent past its idle deadline finds the session ended.
      await pastInstant(lastAnswered + idleMs);
      expect(await me(token)).toBe(401);
    } finally {
      await quick.close();
    }
  });

  it('ends a session at SESSION_MAX_MS however busy it is, and sizes the cookie to it', async () => {
    const maxMs = 2000;
    const short = await startHardened({ SESSION_MAX_MS: String(maxMs) });
    try {
      // Busy until shortly before the end. A request answered before the sign-in's send + maxMs was
      // surely served; should a stalled machine leave none such, the run starts over.
      for (let run = 1; ; run++) {
        const signInSent = Date.now();
        const response = await fetch(`${short.url}/trpc/auth.passwordLogin`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(DEMO),
        });
        const signedIn = Date.now();
        expect(response.headers.get('set-cookie')).toContain('Max-Age=2;');
        const cookie = { cookie: (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '' };
        let served = 0;
        while (Date.now() - signInSent < maxMs - 400) {
          const status = (await fetch(`${short.url}/trpc/users.me`, { headers: cookie })).status;
          if (Date.now() - signInSent >= maxMs) break;
          expect(status).toBe(200);
          served += 1;
          await sleep(300);
        }
        if (served === 0) {
          if (run === 5) throw new Error('five runs in a row stalled past SESSION_MAX_MS');
          continue;
        }
        // Created before `signedIn`, the session is over by signedIn + maxMs, however busy it was.
        await pastInstant(signedIn + maxMs);
        expect((await fetch(`${short.url}/trpc/users.me`, { headers: cookie })).status).toBe(401);
        break;
      }
    } finally {
      await short.close();
    }
  });
});
