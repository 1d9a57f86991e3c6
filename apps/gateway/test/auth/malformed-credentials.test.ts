import { connect } from 'node:net';
import { AUTH_COOKIE_NAME } from '@waybill/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Hardened, openSocket, startHardened, upgradeStatus } from '../hardening/stack.js';

let stack: Hardened;

beforeAll(async () => {
  stack = await startHardened();
});

afterAll(async () => {
  await stack?.close();
});

/** Cookie values as a client can send them (percent-encoded: the cookie parser decodes them). */
const BAD_COOKIES = [
  'abc%0D%0AX-Evil:%201',
  'abc%00def',
  '%C3%A9t%C3%A9-caf%C3%A9',
  'wbt_%0Aforged',
  'a'.repeat(5000),
];

/** One raw HTTP/1.1 request, bytes as given; returns the status code. */
function rawStatus(port: number, head: Buffer): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(head));
    let got = '';
    socket.on('data', (c) => {
      got += c.toString('latin1');
      const match = /^HTTP\/1\.1 (\d{3})/.exec(got);
      if (match) {
        resolve(Number(match[1]));
        socket.destroy();
      }
    });
    socket.on('error', reject);
  });
}

describe('malformed credentials', () => {
  it('answers 401 over HTTP to a cookie that is not a session id (CR/LF, NUL, non-ASCII), never a 5xx', async () => {
    for (const value of BAD_COOKIES) {
      const response = await fetch(`${stack.url}/trpc/users.me`, {
        headers: { cookie: `${AUTH_COOKIE_NAME}=${value}` },
      });
      const body = (await response.json()) as { error: { message: string; data: { code: string } } };
      expect(response.status, value).toBe(401);
      expect(body.error.data.code).toBe('UNAUTHORIZED');
      expect(body.error.message).toContain('not a valid session id');
    }
  });

  it('answers 401 to bearer tokens with non-ASCII or control bytes, sent raw', async () => {
    const port = Number(new URL(stack.url).port);
    const raw = (auth: Buffer) =>
      Buffer.concat([
        Buffer.from('GET /trpc/users.me HTTP/1.1\r\nHost: x\r\nConnection: close\r\nAuthorization: Bearer '),
        auth,
        Buffer.from('\r\n\r\n'),
      ]);
    expect(await rawStatus(port, raw(Buffer.from('tök', 'utf8')))).toBe(401);
    expect(await rawStatus(port, raw(Buffer.from([0x61, 0xff, 0xfe, 0x62])))).toBe(401);
    expect(await rawStatus(port, raw(Buffer.from('abc%0D%0Adef')))).toBe(401);
    // A control byte in a header value is refused by the HTTP parser itself: still a 4xx.
    const nul = await rawStatus(port, raw(Buffer.from([0x61, 0x00, 0x62])));
    expect(nul).toBeGreaterThanOrEqual(400);
    expect(nul).toBeLessThan(500);
  });

  it('refuses a websocket upgrade with a malformed cookie with 401, and a malformed connectionParams token with UNAUTHORIZED', async () => {
    for (const value of BAD_COOKIES)
      expect(await upgradeStatus(stack.wsUrl, { cookie: `${AUTH_COOKIE_NAME}=${value}` }), value).toBe(401);
    const s = await openSocket(`${stack.wsUrl}?connectionParams=1`);
    s.ws.send(JSON.stringify({ method: 'connectionParams', data: { token: 'abc\r\nX-Evil: 1' } }));
    s.ws.send(JSON.stringify({ id: 1, method: 'subscription', params: { path: 'orders.live', input: {} } }));
    const m = (await s.next((x) => (x as { id?: number }).id === 1)) as {
      error?: { data: { code: string } };
    };
    expect(m.error?.data.code).toBe('UNAUTHORIZED');
    s.ws.close();
  });
});
