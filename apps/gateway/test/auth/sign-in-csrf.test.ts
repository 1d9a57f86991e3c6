import { AUTH_COOKIE_NAME } from '@waybill/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type SimStack, startSimStack } from '../sim-stack.js';
import { Browser, consentAs } from './browser.js';

let stack: SimStack;
const STATE_TTL_MS = 1500;

beforeAll(async () => {
  stack = await startSimStack({
    ALLOWED_ORIGINS: 'https://ops.example.com',
    SIGNIN_STATE_TTL_MS: String(STATE_TTL_MS),
    // Every link and callback counts against the per-address sign-in limit; this file makes dozens.
    SIGNIN_RATE_MAX: '1000',
  });
});

afterAll(async () => {
  await stack?.close();
});

const calls = (path: string) => stack.sim.control.callCounts()[path] ?? 0;

/** Starts Google sign-in in `browser` and approves it on the sim's consent page as `email`. */
async function codeFor(browser: Browser, email: string, state?: string): Promise<Record<string, string>> {
  const link = await browser.query('auth.googleAuthorizationLink', state ? { state } : undefined);
  expect(link.status).toBe(200);
  return consentAs(String(link.body.result?.data.authorization_url), email);
}

describe('Google sign-in is bound to the browser that started it (login CSRF)', () => {
  it('refuses a code replayed in a browser that did not start the flow, and lets the starter finish once', async () => {
    const attacker = new Browser(stack.url);
    const back = await codeFor(attacker, 'dev@example.com');
    const redeemed = calls('/api/v1/login/google/authorization_data');

    // The victim never started a flow: the attacker's callback link must not sign them in.
    const victim = new Browser(stack.url);
    const replay = await victim.mutate('auth.googleCallback', back);
    expect(replay.status).toBe(403);
    expect(replay.body.error?.data.code).toBe('FORBIDDEN');
    expect(replay.body.error?.message).toContain('not started in this browser');
    expect(victim.cookies.has(AUTH_COOKIE_NAME)).toBe(false);

    // A victim with a flow of their own: the attacker's state is not theirs.
    const started = new Browser(stack.url);
    await started.query('auth.googleAuthorizationLink');
    const mismatch = await started.mutate('auth.googleCallback', back);
    expect(mismatch.status).toBe(403);
    expect(mismatch.body.error?.message).toContain('does not match');
    expect(started.cookies.has(AUTH_COOKIE_NAME)).toBe(false);
    const stillSignedOut = await started.query('auth.session');
    expect(stillSignedOut.body.result?.data.user).toBeNull();

    // Refused attempts never reached the backend, so the code is still good for its own browser.
    expect(calls('/api/v1/login/google/authorization_data')).toBe(redeemed);
    const own = await attacker.mutate('auth.googleCallback', back);
    expect(own.status).toBe(200);
    expect(own.body.result?.data.user).toMatchObject({ email: 'dev@example.com' });
    expect(own.body.result?.data).not.toHaveProperty('token');
    expect(attacker.cookies.has(AUTH_COOKIE_NAME)).toBe(true);

    // Single use: a second browser holding the very same state cookie cannot finish it again.
    const owner = new Browser(stack.url);
    const params = await codeFor(owner, 'ops@example.com');
    const twin = new Browser(stack.url);
    for (const [name, value] of owner.cookies) twin.cookies.set(name, value);
    expect((await owner.mutate('auth.googleCallback', params)).status).toBe(200);
    const reused = await twin.mutate('auth.googleCallback', params);
    expect(reused.status).toBe(403);
    expect(reused.body.error?.message).toContain('expired or was already used');
  });

  it('refuses a state cookie that was altered (it is signed)', async () => {
    const browser = new Browser(stack.url);
    const back = await codeFor(browser, 'ops@example.com');
    const cookie = browser.cookies.get('waybill_signin_state') ?? '';
    const [body = '', signature = ''] = cookie.split('.');
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as { e: number };
    // Stretch the expiry by a day, keep the signature.
    const stretched = Buffer.from(JSON.stringify({ ...claims, e: claims.e + 86_400_000 })).toString(
      'base64url',
    );
    browser.cookies.set('waybill_signin_state', `${stretched}.${signature}`);
    const forged = await browser.mutate('auth.googleCallback', back);
    expect(forged.status).toBe(403);
    expect(forged.body.error?.message).toContain('not started in this browser');
  });

  describe('on a faked clock', () => {
    afterEach(() => vi.useRealTimers());

    it('takes a callback up to SIGNIN_STATE_TTL_MS after the link and refuses it from then on', async () => {
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
      const linkedAt = Date.now();
      const inTime = new Browser(stack.url);
      const late = new Browser(stack.url);
      const inTimeBack = await codeFor(inTime, 'ops@example.com');
      const lateBack = await codeFor(late, 'ops@example.com');

      vi.setSystemTime(linkedAt + STATE_TTL_MS - 1);
      expect((await inTime.mutate('auth.googleCallback', inTimeBack)).status).toBe(200);
      expect(inTime.cookies.has(AUTH_COOKIE_NAME)).toBe(true);

      vi.setSystemTime(linkedAt + STATE_TTL_MS);
      const refused = await late.mutate('auth.googleCallback', lateBack);
      expect(refused.status).toBe(403);
      expect(refused.body.error?.data.code).toBe('FORBIDDEN');
      expect(refused.body.error?.message).toContain('expired');
      expect(late.cookies.has(AUTH_COOKIE_NAME)).toBe(false);
    });
  });

  it('carries the shop-install state through and hands it back after sign-in', async () => {
    const browser = new Browser(stack.url);
    const back = await codeFor(browser, 'ops@example.com', 'install-state-1234');
    // What Google carries is not guessable: a fresh nonce, then the install state.
    expect(back.state).toMatch(/^[A-Za-z0-9_-]{22}\.install-state-1234$/);
    const done = await browser.mutate('auth.googleCallback', back);
    expect(done.status).toBe(200);
    expect(done.body.result?.data.state).toBe('install-state-1234');
  });

  it('sets the state cookie HttpOnly, SameSite=Strict, short-lived and only for /trpc', async () => {
    const browser = new Browser(stack.url);
    const link = await browser.query('auth.googleAuthorizationLink');
    const cookie = link.headers.getSetCookie().find((c) => c.startsWith('waybill_signin_state=')) ?? '';
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Strict');
    expect(cookie).toContain('Path=/trpc');
    expect(cookie).toContain('Max-Age=2');
    expect(link.headers.get('cache-control')).toBe('no-store');
  });
});

describe('redirect addresses', () => {
  it('refuses a Google redirectUri outside the console origin and ALLOWED_ORIGINS', async () => {
    const browser = new Browser(stack.url);
    const host = new URL(stack.url).host;
    for (const evil of [
      'http://evil.example/steal',
      `http://${host}@evil.example/steal`,
      'https://ops.example.com.evil.example/cb',
    ]) {
      const refused = await browser.query('auth.googleAuthorizationLink', { redirectUri: evil });
      expect(refused.status, evil).toBe(400);
      expect(refused.body.error?.message).toContain('redirectUri must be an address on this console');
    }
    for (const ok of [
      `${stack.url}/login/callback/google`,
      'https://ops.example.com/login/callback/google',
    ]) {
      const link = await browser.query('auth.googleAuthorizationLink', { redirectUri: ok });
      expect(link.status, ok).toBe(200);
      expect(new URL(String(link.body.result?.data.authorization_url)).searchParams.get('redirect_uri')).toBe(
        ok,
      );
    }
  });

  it('refuses a shop install redirect_uri outside the console origin, before calling the backend', async () => {
    const browser = new Browser(stack.url);
    const before = calls('/api/v1/authorization/selling_channel/shopify/authorize');
    const refused = await browser.query('auth.shopifyAuthorize', {
      query: { shop: 'demo.myshopify.com', redirect_uri: 'http://evil.example/steal' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error?.message).toContain('query.redirect_uri must be an address on this console');
    expect(calls('/api/v1/authorization/selling_channel/shopify/authorize')).toBe(before);

    const own = `${stack.url}/login`;
    const ok = await browser.query('auth.shopifyAuthorize', {
      query: { shop: 'demo.myshopify.com', redirect_uri: own },
    });
    expect(ok.status).toBe(200);
    const install = await (await fetch(String(ok.body.result?.data.install_url))).text();
    expect(install).toContain(`href="${own}?shop=demo.myshopify.com&amp;code=`);
  });
});
