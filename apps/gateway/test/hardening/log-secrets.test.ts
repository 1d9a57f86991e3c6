import { Writable } from 'node:stream';
import { AUTH_COOKIE_NAME } from '@waybill/contracts';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { loggerOptions } from '../../src/logger.js';
import { type Hardened, openSocket, startHardened } from './stack.js';

const PASSWORD = 'waybill-demo';
const lines: string[] = [];
let stack: Hardened;

beforeAll(async () => {
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  // The production logger options (redaction included), at the most talkative level.
  const options = { ...(loggerOptions(loadConfig({})) as pino.LoggerOptions), level: 'trace' };
  stack = await startHardened({ LOG_LEVEL: 'trace' }, pino(options, sink));
});

afterAll(async () => {
  await stack?.close();
});

describe('logs of a whole session', () => {
  it('never contain the token, the cookie, the password or connectionParams', async () => {
    const token = await stack.signIn();
    const cookie = `${AUTH_COOKIE_NAME}=${token}`;
    const json = { 'content-type': 'application/json' };
    // Calls that succeed, fail on input, fail at the backend, and go through every credential carrier.
    await fetch(`${stack.url}/trpc/orders.search?input=%7B%7D`, {
      headers: { authorization: `Bearer ${token}` },
    });
    await fetch(`${stack.url}/trpc/users.me`, { headers: { cookie } });
    await fetch(`${stack.url}/trpc/orders.search?input=%7B%22filter%22%3A5%7D`, { headers: { cookie } });
    await fetch(`${stack.url}/trpc/orders.detail?input=%7B%22uid%22%3A%22nope%22%7D`, {
      headers: { cookie },
    });
    await fetch(`${stack.url}/trpc/auth.passwordLogin`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ email: 'ops@example.com', password: `${PASSWORD}-wrong` }),
    });
    stack.sim?.control.setFault({ kind: 'down' });
    await fetch(`${stack.url}/trpc/users.me`, { headers: { authorization: `Bearer ${token}x` } });
    stack.sim?.control.setFault(null);

    const viaCookie = await openSocket(stack.wsUrl, { cookie });
    viaCookie.ws.send(
      JSON.stringify({ id: 1, method: 'subscription', params: { path: 'orders.live', input: {} } }),
    );
    await viaCookie.next((m) => (m as { id?: number }).id === 1);
    const viaParams = await openSocket(`${stack.wsUrl}?connectionParams=1`);
    viaParams.ws.send(JSON.stringify({ method: 'connectionParams', data: { token } }));
    viaParams.ws.send(
      JSON.stringify({ id: 2, method: 'subscription', params: { path: 'nope.live', input: {} } }),
    );
    await viaParams.next((m) => (m as { id?: number }).id === 2);
    await fetch(`${stack.url}/trpc/auth.logout`, { method: 'POST', headers: { ...json, cookie } });
    await Promise.all([viaCookie.closed, viaParams.closed]);

    const text = lines.join('');
    // The run logged plenty (requests, websocket and backend lines), and none of it is a secret.
    expect(lines.length).toBeGreaterThan(10);
    expect(text).toContain('"reqId"');
    expect(text).not.toContain(token);
    expect(text).not.toContain(PASSWORD);
    expect(text).not.toContain(AUTH_COOKIE_NAME);
    expect(text).not.toMatch(/"connectionParams":\{/);
  });

  it('leave out the request lines of health probes, which come every few seconds', async () => {
    const from = lines.length;
    for (const path of ['/healthz', '/readyz', '/readyz?scope=replica'])
      expect((await fetch(`${stack.url}${path}`)).status).toBe(200);
    await fetch(`${stack.url}/trpc/users.me`);
    const urls = lines.slice(from).map((line) => (JSON.parse(line) as { req?: { url?: string } }).req?.url);
    expect(urls).toContain('/trpc/users.me');
    expect(urls.filter((url) => url?.startsWith('/healthz') || url?.startsWith('/readyz'))).toEqual([]);
  });

  it('name a call by its procedure, without the input it searched for', async () => {
    const token = await stack.signIn();
    const from = lines.length;
    const input = encodeURIComponent(JSON.stringify({ filter: { reference: 'jane.doe@example.com' } }));
    await fetch(`${stack.url}/trpc/orders.search,users.me?batch=1&input=${input}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const text = lines.slice(from).join('');
    expect(text).toContain('"url":"/trpc/orders.search,users.me?batch=1&input=[omitted]"');
    expect(text).not.toContain('jane.doe');
  });
});
