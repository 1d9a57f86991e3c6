import { Writable } from 'node:stream';
import { AUTH_COOKIE_NAME } from '@waybill/contracts';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { loggerOptions } from '../../src/logger.js';
import { WS_CLOSE } from '../../src/security/index.js';
import { type Hardened, openSocket, startHardened } from '../hardening/stack.js';
import { Browser, consentAs } from './browser.js';

const DEMO = { email: 'ops@example.com', password: 'waybill-demo' };
const MAX = 3;

interface Token {
  id: string;
  name: string;
  createdAt: string;
  expiresAt: string;
  lastUsedAt: string | null;
}

async function consoleAs(url: string, email = DEMO.email): Promise<Browser> {
  const browser = new Browser(url);
  const login = await browser.mutate('auth.passwordLogin', { ...DEMO, email });
  if (login.status !== 200) throw new Error(`sign-in failed: ${JSON.stringify(login.body)}`);
  return browser;
}

async function create(browser: Browser, name: string) {
  const made = await browser.mutate('tokens.create', { name });
  return {
    status: made.status,
    code: made.body.error?.data.code,
    message: made.body.error?.message,
    token: made.body.result?.data.token as string,
    entry: made.body.result?.data.entry as Token,
  };
}

async function list(browser: Browser): Promise<Token[]> {
  const listed = await browser.query('tokens.list');
  return (listed.body.result?.data as { tokens: Token[] } | undefined)?.tokens ?? [];
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function meCode(url: string, token: string): Promise<string> {
  const response = await fetch(`${url}/trpc/users.me`, { headers: bearer(token) });
  const body = (await response.json()) as { error?: { data: { code: string } } };
  return body.error?.data.code ?? String(response.status);
}

// Each case starts sockets and several calls: generous budgets for a busy machine.
describe('script tokens', { timeout: 30_000 }, () => {
  let stack: Hardened;
  const logLines: string[] = [];

  beforeAll(async () => {
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logLines.push(chunk.toString());
        done();
      },
    });
    const options = loggerOptions(loadConfig({ LOG_LEVEL: 'debug' }));
    stack = await startHardened(
      { SCRIPT_TOKENS_MAX_PER_USER: String(MAX) },
      pino(options as pino.LoggerOptions, sink),
    );
  });

  afterAll(async () => {
    await stack?.close();
  });

  it('a console session makes a named token, shown once; the list shows name, created and last used, never the token', async () => {
    const browser = await consoleAs(stack.url);
    const made = await create(browser, '  nightly report ');
    expect(made.status).toBe(200);
    expect(made.token).toMatch(/^wbs_[A-Za-z0-9_-]{43}$/);
    expect(made.entry).toMatchObject({ name: 'nightly report', lastUsedAt: null });
    const days = (Date.parse(made.entry.expiresAt) - Date.parse(made.entry.createdAt)) / 86_400_000;
    expect(days).toBe(90);

    const listed = await browser.query('tokens.list');
    expect(JSON.stringify(listed.body)).not.toContain(made.token);
    const mine = (listed.body.result?.data as { tokens: Token[]; max: number }) ?? null;
    expect(mine.max).toBe(MAX);
    expect(mine.tokens.find((t) => t.id === made.entry.id)).toEqual(made.entry);

    expect(await meCode(stack.url, made.token)).toBe('200');
    await vi.waitFor(
      async () => {
        const used = (await list(browser)).find((t) => t.id === made.entry.id);
        expect(used?.lastUsedAt).not.toBeNull();
      },
      { timeout: 5000, interval: 50 },
    );
    await browser.mutate('tokens.revoke', { id: made.entry.id });
  });

  it('revoking ends the token at once, over HTTP and on its open websockets', async () => {
    const browser = await consoleAs(stack.url);
    const { token, entry } = await create(browser, 'alerting');
    const live = await openSocket(stack.wsUrl, bearer(token));
    live.ws.send(
      JSON.stringify({ id: 1, method: 'subscription', params: { path: 'orders.live', input: {} } }),
    );
    await live.next((m) => (m as { result?: { type?: string } }).result?.type === 'started');

    const revoked = await browser.mutate('tokens.revoke', { id: entry.id });
    expect(revoked.status).toBe(200);
    expect((await live.closed).code).toBe(WS_CLOSE.signedOut);
    expect(await meCode(stack.url, token)).toBe('UNAUTHORIZED');
    expect((await list(browser)).some((t) => t.id === entry.id)).toBe(false);
    // The console session that made it is untouched.
    expect((await browser.query('users.me')).status).toBe(200);
    const again = await browser.mutate('tokens.revoke', { id: entry.id });
    expect(again.body.error?.data.code).toBe('NOT_FOUND');
  });

  it('a token outlives the console session that made it (signing out of the console ends only that session)', async () => {
    const browser = await consoleAs(stack.url);
    const { token, entry } = await create(browser, 'cron');
    await browser.mutate('auth.logout');
    expect(await meCode(stack.url, token)).toBe('200');
    const again = await consoleAs(stack.url);
    await again.mutate('tokens.revoke', { id: entry.id });
  });

  it('only a console session makes tokens; nobody lists or revokes another user’s', async () => {
    const browser = await consoleAs(stack.url);
    const { token, entry } = await create(browser, 'mine');
    const byScript = await fetch(`${stack.url}/trpc/tokens.create`, {
      method: 'POST',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'minted by a script' }),
    });
    expect(byScript.status).toBe(403);
    expect(((await byScript.json()) as { error: { message: string } }).error.message).toMatch(
      /console session/,
    );
    // A script's own sign-in (what `waybill login` keeps) cannot either, sent as a bearer token or
    // as a cookie: a leaked one would outlive its logout as a 90-day token.
    const scriptSignIn = await fetch(`${stack.url}/trpc/auth.passwordLogin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...DEMO, bearer: true }),
    });
    const sessionId = ((await scriptSignIn.json()) as { result: { data: { token: string } } }).result.data
      .token;
    for (const headers of [bearer(sessionId), { cookie: `${AUTH_COOKIE_NAME}=${sessionId}` }]) {
      const minted = await fetch(`${stack.url}/trpc/tokens.create`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json', origin: stack.url },
        body: JSON.stringify({ name: 'minted by a script sign-in' }),
      });
      expect(minted.status, JSON.stringify(headers)).toBe(403);
    }

    const other = await consoleAs(stack.url, 'dev@example.com');
    expect(await list(other)).toEqual([]);
    const stolen = await other.mutate('tokens.revoke', { id: entry.id });
    expect(stolen.body.error?.data.code).toBe('NOT_FOUND');
    expect(await meCode(stack.url, token)).toBe('200');
    await browser.mutate('tokens.revoke', { id: entry.id });
  });

  it('refuses a token past SCRIPT_TOKENS_MAX_PER_USER and a bad name, each saying why', async () => {
    const browser = await consoleAs(stack.url, 'finance@example.com');
    for (let n = 1; n <= MAX; n++) expect((await create(browser, `t${n}`)).status).toBe(200);
    const over = await create(browser, 'one too many');
    expect(over.code).toBe('FORBIDDEN');
    expect(over.message).toMatch(/SCRIPT_TOKENS_MAX_PER_USER=3.*revoke one/);
    const [first] = await list(browser);
    await browser.mutate('tokens.revoke', { id: first?.id });
    expect((await create(browser, 'fits again')).status).toBe(200);

    const blank = await create(browser, '   ');
    expect(blank.code).toBe('BAD_REQUEST');
    expect(blank.message).toMatch(/name/);
  });

  it('never writes a token to the log', () => {
    expect(logLines.length).toBeGreaterThan(0);
    expect(logLines.join('')).not.toMatch(/wbs_[A-Za-z0-9_-]{43}/);
  });
});

describe('script tokens on a gateway with Google sign-in only', { timeout: 30_000 }, () => {
  let stack: Hardened;

  beforeAll(async () => {
    stack = await startHardened({ PASSWORD_LOGIN: 'off' });
  });

  afterAll(async () => {
    await stack?.close();
  });

  it('a Google-signed-in console makes a token that scripts then use', async () => {
    const browser = new Browser(stack.url);
    const link = await browser.query('auth.googleAuthorizationLink');
    const back = await consentAs(String(link.body.result?.data.authorization_url), DEMO.email);
    expect((await browser.mutate('auth.googleCallback', back)).status).toBe(200);

    const { token, status } = await create(browser, 'google user script');
    expect(status).toBe(200);
    expect(await meCode(stack.url, token)).toBe('200');
  });
});
