import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';
import {
  type Env,
  type Hardened,
  openSocket,
  type RawSocket,
  startHardened,
  upgradeStatus,
} from './stack.js';

const SIGNIN_MAX = 3;
const SOCKETS_MAX = 2;
const limits: Env = {
  SIGNIN_RATE_MAX: String(SIGNIN_MAX),
  SIGNIN_RATE_WINDOW_MS: '600000',
  WS_MAX_UNAUTHENTICATED_PER_ADDRESS: String(SOCKETS_MAX),
  // The test closes its sockets itself.
  WS_AUTH_DEADLINE_MS: '600000',
};

/** A wrong-password sign-in claiming to come from `forwardedFor`; resolves with the HTTP status. */
async function wrongPassword(stack: Hardened, forwardedFor: string): Promise<number> {
  const res = await fetch(`${stack.url}/trpc/auth.passwordLogin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
    body: JSON.stringify({ email: 'ops@example.com', password: 'wrong-password' }),
  });
  await res.body?.cancel();
  return res.status;
}

const opened: RawSocket[] = [];
const socketFrom = async (stack: Hardened, forwardedFor: string) => {
  const s = await openSocket(stack.wsUrl, { 'x-forwarded-for': forwardedFor });
  opened.push(s);
  return s;
};

afterEach(async () => {
  const sockets = opened.splice(0);
  for (const s of sockets) s.ws.close();
  await Promise.all(sockets.map((s) => s.closed));
});

describe('without TRUST_PROXY (the default): X-Forwarded-For is ignored', () => {
  let stack: Hardened;
  beforeAll(async () => {
    stack = await startHardened(limits);
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('a new X-Forwarded-For on every wrong password does not evade the sign-in limit', async () => {
    for (let i = 0; i < SIGNIN_MAX; i++) expect(await wrongPassword(stack, `198.51.100.${i + 1}`)).toBe(401);
    expect(await wrongPassword(stack, '198.51.100.200')).toBe(429);
  });

  it('a new X-Forwarded-For on every upgrade does not evade the per-address socket cap', async () => {
    for (let i = 0; i < SOCKETS_MAX; i++) await socketFrom(stack, `203.0.113.${i + 1}`);
    expect(await upgradeStatus(stack.wsUrl, { 'x-forwarded-for': '203.0.113.200' })).toBe(429);
  });
});

describe('with TRUST_PROXY=127.0.0.1: the address the proxy forwards is the client', () => {
  let stack: Hardened;
  beforeAll(async () => {
    stack = await startHardened({ ...limits, TRUST_PROXY: '127.0.0.1' });
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('limits sign-in per forwarded address, and only by the entry the proxy added', async () => {
    for (let i = 0; i < SIGNIN_MAX; i++) expect(await wrongPassword(stack, '198.51.100.7')).toBe(401);
    expect(await wrongPassword(stack, '198.51.100.7')).toBe(429);
    expect(await wrongPassword(stack, '198.51.100.8')).toBe(401);
    // A client's own X-Forwarded-For comes before the proxy's entry and is not believed.
    expect(await wrongPassword(stack, '10.1.1.1, 198.51.100.7')).toBe(429);
  });

  it('caps sockets per forwarded address', async () => {
    for (let i = 0; i < SOCKETS_MAX; i++) await socketFrom(stack, '203.0.113.7');
    expect(await upgradeStatus(stack.wsUrl, { 'x-forwarded-for': '203.0.113.7' })).toBe(429);
    await socketFrom(stack, '203.0.113.8');
  });
  it('counts an IPv6 client by its /64: rotating addresses inside it evades neither limit', async () => {
    const inside = (i: number) => `2001:db8:1:2::${(i + 1).toString(16)}`;
    for (let i = 0; i < SIGNIN_MAX; i++) expect(await wrongPassword(stack, inside(i))).toBe(401);
    expect(await wrongPassword(stack, '2001:db8:1:2:ffff::9')).toBe(429);
    expect(await wrongPassword(stack, '2001:db8:1:3::1')).toBe(401);
    for (let i = 0; i < SOCKETS_MAX; i++) await socketFrom(stack, inside(100 + i));
    expect(await upgradeStatus(stack.wsUrl, { 'x-forwarded-for': '2001:db8:1:2:abcd::1' })).toBe(429);
    await socketFrom(stack, '2001:db8:1:3::1');
  });
});

describe('TRUST_PROXY setting', () => {
  it('takes addresses and CIDR ranges, IPv4 and IPv6', () => {
    expect(loadConfig({ TRUST_PROXY: ' 10.0.0.5, 172.30.80.0/24,::1, fd00::/8 ' }).TRUST_PROXY).toEqual([
      '10.0.0.5',
      '172.30.80.0/24',
      '::1',
      'fd00::/8',
    ]);
    expect(loadConfig({}).TRUST_PROXY).toEqual([]);
  });

  it.each(['nginx', '10.0.0.0/33', '10.0.0.256', 'fd00::/129', '10.0.0.0/8/1', 'loopback'])(
    'refuses %s with an error naming the variable and the entry',
    (entry) => {
      expect(() => loadConfig({ TRUST_PROXY: `10.0.0.1,${entry}` })).toThrow(ConfigError);
      expect(() => loadConfig({ TRUST_PROXY: `10.0.0.1,${entry}` })).toThrow(
        new RegExp(`TRUST_PROXY=.*"${entry.replace(/[./]/g, '\\$&')}" is not an IP address or CIDR range`),
      );
    },
  );
});
