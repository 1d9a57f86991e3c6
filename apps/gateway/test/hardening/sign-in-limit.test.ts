import { connect } from 'node:net';
import { createTRPCClient, httpLink } from '@trpc/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AppRouter } from '../../src/router.js';
import { trpcError } from '../helpers.js';
import { type Hardened, startHardened } from './stack.js';

const LIMIT = 3;
const GOOGLE_LINK = '/api/v1/login/google/authorization_link';
const SHOP_AUTHORIZE = '/api/v1/authorization/selling_channel/shopify/authorize';
const PASSWORD_LOGIN = '/login/username_password';
const WRONG = JSON.stringify({ email: 'ops@example.com', password: 'wrong-password' });

let stack: Hardened;

// A gateway per test: each starts with the whole limit for 127.0.0.1.
beforeEach(async () => {
  stack = await startHardened({ SIGNIN_RATE_MAX: String(LIMIT), SIGNIN_RATE_WINDOW_MS: '60000' });
});

afterEach(async () => {
  await stack?.close();
});

/** Sends one HTTP/1.1 request as written and resolves with the status code of its answer. */
function rawStatus(head: string, body: string): Promise<number> {
  const port = Number(new URL(stack.url).port);
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.on('data', (chunk) => {
      received += chunk.toString();
      const status = /^HTTP\/1\.1 (\d{3})/.exec(received);
      if (status) {
        socket.destroy();
        resolve(Number(status[1]));
      }
    });
    socket.on('error', reject);
    socket.write(
      `${head}\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
}

const passwordChecks = () => stack.sim!.control.callCounts()[PASSWORD_LOGIN] ?? 0;

const backendCalls = () => {
  const counts = stack.sim!.control.callCounts();
  return (counts[GOOGLE_LINK] ?? 0) + (counts[SHOP_AUTHORIZE] ?? 0);
};

describe('the sign-in links', () => {
  it('count against SIGNIN_RATE_MAX per address: an anonymous client cannot make the backend answer without end', async () => {
    const client = createTRPCClient<AppRouter>({ links: [httpLink({ url: `${stack.url}/trpc` })] });
    const shop = { query: { shop: 'demo.myshopify.com', hmac: 'x' } };
    const before = backendCalls();
    // Within the limit, each asks the backend once: two Google links and a shop install.
    for (let i = 0; i < 2; i++)
      expect((await client.auth.googleAuthorizationLink.query()).authorization_url).toMatch(/^https?:\/\//);
    const shopAnswer = await client.auth.shopifyAuthorize.query(shop).then(
      () => null,
      (error: unknown) => error as { data?: { code?: string } },
    );
    expect(shopAnswer?.data?.code).not.toBe('TOO_MANY_REQUESTS');
    expect(backendCalls()).toBe(before + LIMIT);

    for (const call of [
      () => client.auth.googleAuthorizationLink.query(),
      () => client.auth.shopifyAuthorize.query(shop),
    ]) {
      const limited = await trpcError(call());
      expect(limited.data?.code).toBe('TOO_MANY_REQUESTS');
      expect(limited.data?.httpStatus).toBe(429);
      expect(limited.message).toMatch(/Too many sign-in attempts from this address.*try again in/);
    }
    expect(backendCalls()).toBe(before + LIMIT);
  });
});

describe('a refused sign-in names its request', () => {
  type ErrorBody = { error: { data: { code: string; requestId?: string; limit?: string | null } } };
  const attempt = (path = 'auth.passwordLogin', body = WRONG) =>
    fetch(`${stack.url}/trpc/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });

  it('carries the request id in the error data over the limit, as a wrong password does', async () => {
    for (let i = 0; i < LIMIT; i++) {
      const wrong = await attempt();
      expect(wrong.status).toBe(401);
      expect(((await wrong.json()) as ErrorBody).error.data.requestId).toBe(
        wrong.headers.get('x-request-id'),
      );
    }
    const limited = await attempt();
    expect(limited.status).toBe(429);
    const { data } = ((await limited.json()) as ErrorBody).error;
    expect(data.code).toBe('TOO_MANY_REQUESTS');
    expect(data.limit).toBe('SIGNIN_RATE_MAX');
    expect(data.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(data.requestId).toBe(limited.headers.get('x-request-id'));
  });

  it('carries it in every call of a refused batch of sign-ins', async () => {
    const res = await attempt(
      'auth.passwordLogin,auth.passwordLogin?batch=1',
      JSON.stringify({ 0: {}, 1: {} }),
    );
    expect(res.status).toBe(400);
    const id = res.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const answers = (await res.json()) as ErrorBody[];
    expect(answers.map((a) => a.error.data.requestId)).toEqual([id, id]);
  });
});

describe('the sign-in limit reads each request as tRPC does', () => {
  it('counts attempts sent with an absolute address in the request line', async () => {
    const port = new URL(stack.url).port;
    const head = `POST http://127.0.0.1:${port}/trpc/auth.passwordLogin HTTP/1.1`;
    for (let i = 0; i < LIMIT; i++) expect(await rawStatus(head, WRONG)).toBe(401);
    expect(await rawStatus(head, WRONG)).toBe(429);
    expect(passwordChecks()).toBe(LIMIT);
  });

  it('counts attempts whose path is encoded twice', async () => {
    const head = 'POST /trpc/auth%252EpasswordLogin HTTP/1.1';
    for (let i = 0; i < LIMIT; i++) expect(await rawStatus(head, WRONG)).toBe(401);
    expect(await rawStatus(head, WRONG)).toBe(429);
    // The plain path shares the count.
    expect(await rawStatus('POST /trpc/auth.passwordLogin HTTP/1.1', WRONG)).toBe(429);
    expect(passwordChecks()).toBe(LIMIT);
  });

  it('refuses a batch of several sign-in calls before the backend is asked, naming why', async () => {
    const paths = Array.from({ length: 20 }, () => 'auth.passwordLogin').join(',');
    const body = JSON.stringify(
      Object.fromEntries(Array.from({ length: 20 }, (_, i) => [i, JSON.parse(WRONG)])),
    );
    const res = await fetch(`${stack.url}/trpc/${paths}?batch=1`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    expect(res.status).toBe(400);
    const answers = (await res.json()) as { error: { message: string; data: { code: string } } }[];
    expect(answers).toHaveLength(20);
    for (const answer of answers) {
      expect(answer.error.data.code).toBe('BAD_REQUEST');
      expect(answer.error.message).toBe('Send one sign-in call per request, not several in a batch');
    }
    // A batch of one sign-in call beside another procedure still runs (the console batches calls).
    const one = await fetch(`${stack.url}/trpc/auth.passwordLogin,auth.logout?batch=1`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ 0: JSON.parse(WRONG) }),
    });
    const [login, logout] = (await one.json()) as [
      { error?: { data: { code: string } } },
      { result?: { data: unknown } },
    ];
    expect(login.error?.data.code).toBe('UNAUTHORIZED');
    expect(logout.result?.data).toEqual({ ok: true });
    expect(passwordChecks()).toBe(1);
  });
});
