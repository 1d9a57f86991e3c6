import { Writable } from 'node:stream';
import { AUTH_COOKIE_NAME } from '@waybill/contracts';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WS_CLOSE } from '../../src/security/index.js';
import { eventually } from '../realtime/harness.js';
import {
  type Hardened,
  isOpen,
  openSocket,
  pingPong,
  type RawSocket,
  sleep,
  startHardened,
  upgradeStatus,
} from './stack.js';

let stack: Hardened;
const cookie = (token: string) => ({ cookie: `${AUTH_COOKIE_NAME}=${token}` });
const subscribe = (s: RawSocket, id: number, input: unknown = {}) =>
  s.ws.send(JSON.stringify({ id, method: 'subscription', params: { path: 'orders.live', input } }));
const started = (id: number) => (m: unknown) =>
  (m as { id?: number; result?: { type?: string } }).id === id &&
  (m as { result?: { type?: string } }).result?.type === 'started';

/** The gateway's log lines at warn and above, parsed. */
const logged: { level: number; msg: string; reason?: string; stack?: string }[] = [];

beforeAll(async () => {
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logged.push(JSON.parse(chunk.toString()));
      done();
    },
  });
  stack = await startHardened(
    {
      ALLOWED_ORIGINS: 'https://ops.example.com',
      WS_MAX_PER_USER: '3',
      WS_MESSAGES_PER_SECOND: '20',
      WS_PING_MS: '300',
      WS_PONG_WAIT_MS: '300',
    },
    pino({ level: 'warn' }, sink),
  );
});

afterAll(async () => {
  await stack?.close();
});

describe('websocket upgrades', () => {
  it('refuses other origins with 403 before the upgrade; same origin and listed origins connect', async () => {
    expect(await upgradeStatus(stack.wsUrl, { origin: 'https://evil.example' })).toBe(403);
    expect(await upgradeStatus(stack.wsUrl, { origin: 'http://ops.example.com' })).toBe(403);
    for (const origin of [stack.url, 'https://ops.example.com']) {
      const s = await openSocket(stack.wsUrl, { origin });
      await pingPong(s);
      s.ws.close();
    }
  });
});

describe('websocket frame and batch limits', () => {
  it('closes only the socket that sends a frame over 64 KB', async () => {
    const token = await stack.signIn();
    const [a, b] = await Promise.all([
      openSocket(stack.wsUrl, cookie(token)),
      openSocket(stack.wsUrl, cookie(token)),
    ]);
    subscribe(b, 1);
    await b.next(started(1));
    // Just under the limit is read (and refused by tRPC as not JSON), the socket stays.
    a.ws.send('x'.repeat(60 * 1024));
    await pingPong(a);
    const logsBefore = logged.length;
    a.ws.send('x'.repeat(64 * 1024 + 1));
    expect((await a.closed).code).toBe(1009);
    // Anyone can do this as often as they reconnect: one warning, no error and no stack to alert on.
    await eventually('the close logged', () => logged.length > logsBefore);
    const lines = logged.slice(logsBefore);
    expect(lines.filter((l) => l.level >= 50)).toEqual([]);
    expect(lines.map((l) => [l.level, l.msg, l.reason, l.stack])).toEqual([
      [
        40,
        'websocket closed: the client broke the protocol or went away',
        'Max payload size exceeded',
        undefined,
      ],
    ]);
    await pingPong(b);
    expect(isOpen(b)).toBe(true);
    expect((await fetch(`${stack.url}/healthz`)).status).toBe(200);
    b.ws.close();
  });

  it('refuses a websocket message batching more than 20 operations, and keeps the socket', async () => {
    const s = await openSocket(stack.wsUrl);
    const ops = (n: number, from: number) =>
      Array.from({ length: n }, (_, i) => ({
        id: from + i,
        method: 'query',
        params: { path: 'auth.session', input: null },
      }));
    s.ws.send(JSON.stringify(ops(21, 100)));
    const refused = (await s.next((m) => (m as { id?: number }).id === 100)) as {
      error?: { message: string; data: { code: string } };
    };
    expect(refused.error?.data.code).toBe('BAD_REQUEST');
    expect(refused.error?.message).toMatch(/batch/i);
    s.ws.send(JSON.stringify(ops(20, 200)));
    const answered = (await s.next((m) => (m as { id?: number }).id === 219)) as { result?: unknown };
    expect(answered.result).toBeDefined();
    expect(isOpen(s)).toBe(true);
    s.ws.close();
  });
});

describe('websocket rate and per-session limits', () => {
  it('closes a socket sending more than WS_MESSAGES_PER_SECOND, and only that one', async () => {
    const [flood, calm] = await Promise.all([openSocket(stack.wsUrl), openSocket(stack.wsUrl)]);
    for (let i = 0; i < 100; i++) flood.ws.send('PING');
    const closed = await flood.closed;
    expect(closed.code).toBe(WS_CLOSE.policy);
    expect(closed.reason).toContain('more than 20 messages per second');
    // 10 a second for 1.5 s is within the limit.
    for (let i = 0; i < 15; i++) {
      calm.ws.send('PING');
      await sleep(100);
    }
    await pingPong(calm);
    expect(isOpen(calm)).toBe(true);
    calm.ws.close();
  });

  it('caps open websockets per session: 429 before the upgrade, 1008 for connectionParams', async () => {
    const token = await stack.signIn();
    const other = await stack.signIn();
    const mine = await Promise.all([1, 2, 3].map(() => openSocket(stack.wsUrl, cookie(token))));
    expect(stack.app.wsGuard.count(token)).toBe(3);
    expect(await upgradeStatus(stack.wsUrl, cookie(token))).toBe(429);
    expect(await upgradeStatus(stack.wsUrl, { authorization: `Bearer ${token}` })).toBe(429);

    // Scripts send the token in connectionParams, after the upgrade: that socket is closed instead.
    const viaParams = await openSocket(`${stack.wsUrl}?connectionParams=1`);
    viaParams.ws.send(JSON.stringify({ method: 'connectionParams', data: { token } }));
    const closed = await viaParams.closed;
    expect(closed.code).toBe(WS_CLOSE.policy);
    expect(closed.reason).toContain('max 3');

    // Another session is not affected, and a closed socket frees its place.
    const theirs = await openSocket(stack.wsUrl, cookie(other));
    await pingPong(theirs);
    mine[0]?.ws.close();
    await eventually('the slot to free up', () => stack.app.wsGuard.count(token) === 2);
    const again = await openSocket(`${stack.wsUrl}?connectionParams=1`);
    again.ws.send(JSON.stringify({ method: 'connectionParams', data: { token } }));
    subscribe(again, 7);
    await again.next(started(7));
    expect(stack.app.wsGuard.count(token)).toBe(3);
    for (const s of [...mine, theirs, again]) s.ws.close();
  });
});

describe('keep-alive and logout', { timeout: 30_000 }, () => {
  it('drops a client that stops answering within ping + pong wait, keeps one that answers', async () => {
    const [silent, alive] = await Promise.all([
      openSocket(stack.wsUrl, {}, { silent: true }),
      openSocket(stack.wsUrl),
    ]);
    const opened = Date.now();
    await silent.closed;
    // 300 ms ping + 300 ms pong wait; the bound only guards against "never".
    expect(Date.now() - opened).toBeLessThan(3000);
    // The server pings again only once the answer to its last ping came in time: three more pings
    // (three rounds) show the answering one kept through as many pong waits, unless it was dropped.
    const pings = () => alive.messages.filter((m) => m === 'PING').length;
    const pingsBefore = pings();
    await eventually(
      'three more pings, or a drop',
      () => !isOpen(alive) || pings() >= pingsBefore + 3,
      15_000,
    );
    expect(isOpen(alive)).toBe(true);
    alive.ws.close();
  });

  it("logout closes every websocket of that session and nobody else's", async () => {
    const token = await stack.signIn();
    const other = await stack.signIn();
    const tab = await openSocket(stack.wsUrl, cookie(token));
    const script = await openSocket(`${stack.wsUrl}?connectionParams=1`);
    script.ws.send(JSON.stringify({ method: 'connectionParams', data: { token } }));
    const bystander = await openSocket(stack.wsUrl, cookie(other));
    subscribe(tab, 1);
    subscribe(script, 1);
    subscribe(bystander, 1);
    await Promise.all([tab.next(started(1)), script.next(started(1)), bystander.next(started(1))]);

    const res = await fetch(`${stack.url}/trpc/auth.logout`, {
      method: 'POST',
      headers: { ...cookie(token), 'content-type': 'application/json' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('set-cookie')).toContain(`${AUTH_COOKIE_NAME}=;`);
    for (const s of [tab, script]) {
      const closed = await s.closed;
      expect(closed).toEqual({ code: WS_CLOSE.signedOut, reason: 'signed out' });
    }
    await pingPong(bystander);
    expect(isOpen(bystander)).toBe(true);
    bystander.ws.close();
  });
});
